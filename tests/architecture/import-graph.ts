import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";

export const ROOT = resolve(import.meta.dirname, "../..");

export type SourceFile = {
  /** From the tree's root, e.g. "src/server/db/client.ts". */
  path: string;
  /** Local modules as paths from the root ("src/server/db/client.ts"), packages as written ("hono/utils/http-status"). */
  imports: string[];
  /** Relative specifiers that name no file: a graph with holes would pass rules it breaks. */
  unresolved: string[];
  /** The code: a .ts/.tsx file whole, an .astro file's frontmatter and scripts. */
  ast: ts.SourceFile;
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|astro)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** An .astro file's code: its frontmatter and the bodies of its script tags, joined (the markup imports nothing). */
function astroCode(text: string): string {
  const frontmatter = /^\s*---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? "";
  const scripts = [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  return [frontmatter, ...scripts].join("\n");
}

function parse(file: string): ts.SourceFile {
  const text = readFileSync(file, "utf8");
  if (file.endsWith(".astro")) return ts.createSourceFile(file, astroCode(text), ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
}

const literal = (node: ts.Node | undefined) => (node && ts.isStringLiteralLike(node) ? node.text : undefined);

/** Every module specifier: imports (also `import type`), re-exports, dynamic `import()`, `import("…")` types, require. */
export function specifiers(ast: ts.SourceFile): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    let specifier: string | undefined;
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) specifier = literal(node.moduleSpecifier);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference))
      specifier = literal(node.moduleReference.expression);
    else if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword || isIdentifier(node.expression, "require"))
    )
      specifier = literal(node.arguments[0]);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) specifier = literal(node.argument.literal);
    if (specifier !== undefined) found.push(specifier);
    ts.forEachChild(node, visit);
  };
  visit(ast);
  return found;
}

export const isIdentifier = (node: ts.Node, name: string) => ts.isIdentifier(node) && node.text === name;

const isFile = (path: string) => existsSync(path) && statSync(path).isFile();

/** How the bundler and tsx find a relative specifier: as written, with a source extension, or a folder's index. */
function candidates(base: string): string[] {
  const compiled = base.endsWith(".js") ? [base.replace(/\.js$/, ".ts"), base.replace(/\.js$/, ".tsx")] : [];
  const extensions = [".ts", ".tsx", ".d.ts", ".astro", ".js"];
  return [base, ...compiled, ...extensions.map((ext) => base + ext), ...extensions.map((ext) => join(base, `index${ext}`))];
}

/** A relative specifier written in `from` (a path from the root), as a path from the root to the file it names. */
export function resolveSpecifier(root: string, from: string, specifier: string): string {
  const base = resolve(root, dirname(from), specifier);
  return relative(root, candidates(base).find(isFile) ?? base);
}

/** Every non-test source file under `<root>/src` with the modules it imports, resolved to files. */
export function importGraph(root = ROOT): SourceFile[] {
  return sourceFiles(join(root, "src")).map((file) => {
    const ast = parse(file);
    const imports: string[] = [];
    const unresolved: string[] = [];
    for (const specifier of specifiers(ast)) {
      if (!specifier.startsWith(".")) {
        imports.push(specifier);
        continue;
      }
      const target = resolveSpecifier(root, relative(root, file), specifier);
      if (!isFile(join(root, target))) unresolved.push(specifier);
      imports.push(target);
    }
    return { path: relative(root, file), imports, unresolved, ast };
  });
}

/** An arrow between two groups of files, with the file imports that draw it. */
type Arrow = { to: string; via: string[] };

/**
 * The import graph seen from a distance: each file belongs to the group `groupOf` names (or to none), and group A
 * points at group B when a file of A imports one of B. Imports listed in `setAside` ("from → to") are left out.
 */
export function groupGraph(files: SourceFile[], groupOf: (path: string) => string | undefined, setAside = new Set<string>()) {
  const graph = new Map<string, Map<string, Arrow>>();
  for (const file of files) {
    const from = groupOf(file.path);
    if (from === undefined) continue;
    const arrows = graph.get(from) ?? new Map<string, Arrow>();
    graph.set(from, arrows);
    for (const target of new Set(file.imports)) {
      const to = groupOf(target);
      const edge = `${file.path} → ${target}`;
      if (to === undefined || to === from || setAside.has(edge)) continue;
      const arrow = arrows.get(to) ?? { to, via: [] };
      arrow.via.push(edge);
      arrows.set(to, arrow);
    }
  }
  return graph;
}

export type Graph = ReturnType<typeof groupGraph>;

/** The groups reachable from `start` (itself included). */
export function reachable(graph: Graph, start: string): Set<string> {
  const seen = new Set([start]);
  const queue = [start];
  for (let node = queue.shift(); node !== undefined; node = queue.shift())
    for (const next of graph.get(node)?.keys() ?? []) {
      if (seen.has(next)) continue;
      seen.add(next);
      queue.push(next);
    }
  return seen;
}

/** The shortest way from `from` back to `to`, as the arrows taken; none when `to` cannot be reached. */
function shortestPath(graph: Graph, from: string, to: string): Arrow[] | undefined {
  const cameBy = new Map<string, { node: string; arrow: Arrow }>();
  const queue = [from];
  for (let node = queue.shift(); node !== undefined; node = queue.shift()) {
    for (const arrow of graph.get(node)?.values() ?? []) {
      if (cameBy.has(arrow.to) || arrow.to === from) continue;
      cameBy.set(arrow.to, { node, arrow });
      if (arrow.to === to) {
        const path: Arrow[] = [];
        for (let at = to; at !== from; at = cameBy.get(at)!.node) path.unshift(cameBy.get(at)!.arrow);
        return path;
      }
      queue.push(arrow.to);
    }
  }
  return undefined;
}

/** An arrow of a loop, with the import that draws it unless the groups are files themselves. */
function describeStep({ to, via }: Arrow): string {
  if (via.length === 1 && via[0].endsWith(` → ${to}`)) return to;
  return `${to} (${via[0]}${via.length > 1 ? `, and ${via.length - 1} more` : ""})`;
}

/**
 * One loop per knot of groups that reach each other, written as the way round with the file import behind each arrow:
 * "a → b (src/a/x.ts → src/b/y.ts) → a (src/b/y.ts → src/a/z.ts)".
 */
export function cycles(graph: Graph): string[] {
  const knotted = new Set<string>();
  const loops: string[] = [];
  for (const [node, arrows] of [...graph].sort(([a], [b]) => a.localeCompare(b))) {
    if (knotted.has(node)) continue;
    for (const arrow of arrows.values()) {
      const back = arrow.to === node ? [] : shortestPath(graph, arrow.to, node);
      if (!back) continue;
      const round = [arrow, ...back];
      for (const step of round) knotted.add(step.to);
      loops.push([node, ...round.map(describeStep)].join(" → "));
      break;
    }
  }
  return loops;
}
