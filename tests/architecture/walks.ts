import { resolve } from "node:path";
import ts from "typescript";
import { groupGraph, importGraph, reachable, resolveSpecifier, ROOT, type SourceFile } from "./import-graph.ts";

/**
 * The two walks of docs/architecture.md, drawn from the imports: the files a request or a document passes through and
 * the returns among them, for the tree at the given root: `npx tsx tests/architecture/walks.ts [root]`.
 *
 * A walk starts at the files that declare the functions the route calls and follows what runs: imports of values (not
 * `import type`), through an area's face (index.ts) to the file that declares each name taken, within src/server and
 * src/shared. A return is an arrow between the walk's areas that points back to an area already on the way (an arrow
 * inside a loop).
 */
const WALKS = {
  "GET /api/mention/index": ["requireUser", "computeFigure", "listMentions"],
  "POST /api/ingest": ["findApiKeyOwner", "ingestBatch"],
};

const OWN_CODE = /^src\/(server|shared)\//;

/** A service area, or a top folder of src/server or src/shared, or a root file. */
const areaOf = (path: string) =>
  /^src\/server\/services\/([^/]+)\//.exec(path)?.[1] ?? /^src\/(server|shared)\/([^/.]+)\//.exec(path)?.slice(1).join("/") ?? path;

const isExported = (statement: ts.Statement) =>
  ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

function declares(file: SourceFile, name: string): boolean {
  return file.ast.statements.some(
    (statement) =>
      isExported(statement) &&
      ((ts.isFunctionDeclaration(statement) && statement.name?.text === name) ||
        (ts.isVariableStatement(statement) &&
          statement.declarationList.declarations.some((d) => ts.isIdentifier(d.name) && d.name.text === name))),
  );
}

const literal = (node: ts.Node | undefined) => (node && ts.isStringLiteralLike(node) ? node.text : undefined);

/** The values a file takes from other files: (specifier, names), a whole module as "*"; type-only imports left out. */
function valueImports(file: SourceFile): { specifier: string; names: string[] }[] {
  const found: { specifier: string; names: string[] }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly) {
      const specifier = literal(node.moduleSpecifier)!;
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      const names = [
        ...(clause?.name ? ["default"] : []),
        ...(!clause || (bindings && ts.isNamespaceImport(bindings)) ? ["*"] : []),
        ...(bindings && ts.isNamedImports(bindings)
          ? bindings.elements.filter((e) => !e.isTypeOnly).map((e) => (e.propertyName ?? e.name).text)
          : []),
      ];
      if (names.length > 0) found.push({ specifier, names });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const specifier = literal(node.arguments[0]);
      if (specifier) found.push({ specifier, names: ["*"] });
    }
    ts.forEachChild(node, visit);
  };
  visit(file.ast);
  return found;
}

export function walk(files: SourceFile[], entries: string[], root = ROOT) {
  const byPath = new Map(files.map((f) => [f.path, f]));
  /** The file that declares `name` taken from `path`: through a face's re-exports, else the file itself. */
  const declaring = (path: string, name: string): string => {
    const file = byPath.get(path);
    for (const statement of file?.ast.statements ?? []) {
      if (!ts.isExportDeclaration(statement) || statement.isTypeOnly || !statement.moduleSpecifier) continue;
      const exports = statement.exportClause;
      const element =
        exports && ts.isNamedExports(exports) ? exports.elements.find((e) => !e.isTypeOnly && e.name.text === name) : undefined;
      if (element)
        return declaring(resolveSpecifier(root, path, literal(statement.moduleSpecifier)!), (element.propertyName ?? element.name).text);
    }
    return path;
  };
  const starts = entries.map((name) => {
    const found = files.find((f) => OWN_CODE.test(f.path) && declares(f, name));
    if (!found) throw new Error(`no file exports ${name}`);
    return found.path;
  });
  const seen = new Set(starts);
  const arrows = new Map<string, string[]>();
  const queue = [...starts];
  for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
    const targets = valueImports(byPath.get(path)!)
      .filter(({ specifier }) => specifier.startsWith("."))
      .flatMap(({ specifier, names }) => {
        const target = resolveSpecifier(root, path, specifier);
        return names.includes("*") ? [target] : names.map((name) => declaring(target, name));
      })
      .filter((target) => OWN_CODE.test(target) && byPath.has(target));
    arrows.set(path, [...new Set(targets)]);
    for (const target of targets)
      if (!seen.has(target)) {
        seen.add(target);
        queue.push(target);
      }
  }
  const stops = [...seen].map((path) => ({ ...byPath.get(path)!, imports: arrows.get(path) ?? [] }));
  const graph = groupGraph(stops, areaOf);
  const returns = [...graph].flatMap(([from, out]) =>
    [...out.keys()].filter((to) => reachable(graph, to).has(from)).map((to) => `${from} → ${to}`),
  );
  return { stops: stops.length, areas: graph.size, returns };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = resolve(process.argv[2] ?? ROOT);
  const files = importGraph(root);
  for (const [name, entries] of Object.entries(WALKS)) {
    const { stops, areas, returns } = walk(files, entries, root);
    console.log(`${name}: ${stops} files in ${areas} areas, ${returns.length} returns${returns.length ? `: ${returns.join(", ")}` : ""}`);
  }
}
