import ts from "typescript";
import { cycles, groupGraph, isIdentifier, reachable, type SourceFile } from "./import-graph.ts";

/**
 * The layering of docs/architecture.md as checks on a source tree (the real one, or a fixture under fixtures/ that
 * breaks one rule on purpose). Each check answers its violations: "file → import", "file:line: code" or a loop.
 */
export type Rule = (files: SourceFile[]) => string[];

const inside = (folder: string) => (path: string) => path.startsWith(folder);

/** The violations of "files matching `applies` import nothing matching `forbidden`". */
const importRule =
  (applies: (path: string) => boolean, forbidden: (target: string) => boolean): Rule =>
  (files) =>
    files.filter((f) => applies(f.path)).flatMap((f) => f.imports.filter(forbidden).map((target) => `${f.path} → ${target}`));

/** What a finding shows: a name with the call or expression it is part of (`fetch` → `fetch("/api/x")`). */
function shown(node: ts.Node): ts.Node {
  if (!ts.isIdentifier(node)) return node;
  const name = ts.isPropertyAccessExpression(node.parent) && node.parent.name === node ? node.parent : node;
  const around = name.parent;
  if ((ts.isCallExpression(around) || ts.isNewExpression(around)) && around.expression === name) return around;
  if (ts.isTaggedTemplateExpression(around) && around.tag === name) return around;
  return name === node ? node.parent : name;
}

/** The violations of "no code in files matching `applies` has a node matching `match`". */
const codeRule =
  (applies: (path: string) => boolean, match: (node: ts.Node) => boolean): Rule =>
  (files) =>
    files
      .filter((f) => applies(f.path))
      .flatMap((f) => {
        const found: string[] = [];
        const visit = (node: ts.Node) => {
          if (match(node)) {
            const line = f.ast.getLineAndCharacterOfPosition(node.getStart()).line + 1;
            found.push(`${f.path}:${line}: ${shown(node).getText().split("\n")[0]}`);
          }
          ts.forEachChild(node, visit);
        };
        visit(f.ast);
        return found;
      });

const isPackage =
  (...names: string[]) =>
  (target: string) =>
    names.some((name) => target === name || target.startsWith(`${name}/`));
const WEB_FRAMEWORK = isPackage("hono", "hono-openapi", "@hono", "astro", "@astrojs");
const DATABASE_CLIENT = isPackage("kysely", "pg", "@electric-sql/pglite");
const BROWSER_SIDE = /^src\/(client|islands|ui|stores|pages|layouts|components)\//;

/** The name an identifier has where it is only a name (a property, a key, an import's), not a use of the variable. */
function isOnlyAName(node: ts.Identifier): boolean {
  const parent = node.parent;
  if (ts.isPropertyAccessExpression(parent)) return parent.name === node;
  if (ts.isQualifiedName(parent)) return parent.right === node;
  if (ts.isImportSpecifier(parent) || ts.isExportSpecifier(parent)) return true;
  const named = parent as ts.Node & { name?: ts.Node };
  return named.name === node && !ts.isVariableDeclaration(parent) && !ts.isShorthandPropertyAssignment(parent);
}

const GLOBAL_OBJECT = /(^|\.)(window|globalThis|self|navigator)$/;
const NETWORK = new Set(["fetch", "XMLHttpRequest", "EventSource", "WebSocket", "sendBeacon"]);

/** `fetch(…)`, `window.fetch(…)`, `new XMLHttpRequest()`, `navigator.sendBeacon(…)`, or `fetch` handed on. */
function reachesNetwork(node: ts.Node): boolean {
  if (!ts.isIdentifier(node) || !NETWORK.has(node.text)) return false;
  const parent = node.parent;
  if (ts.isPropertyAccessExpression(parent) && parent.name === node) return GLOBAL_OBJECT.test(parent.expression.getText());
  return !isOnlyAName(node);
}

/** The method a call calls (`c.json(…)` → "json") and the last name of what it is called on (`deps.pool.query` → "pool"). */
function methodCall(node: ts.Node): { method: string; on: string; args: readonly ts.Expression[] } | undefined {
  if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression)) return undefined;
  const receiver = node.expression.expression;
  const on = ts.isPropertyAccessExpression(receiver) ? receiver.name.text : ts.isIdentifier(receiver) ? receiver.text : "";
  return { method: node.expression.name.text, on, args: node.arguments };
}

function contains(node: ts.Node, match: (node: ts.Node) => boolean): boolean {
  return match(node) || (ts.forEachChild(node, (child) => contains(child, match) || undefined) ?? false);
}

const jsonText = (node: ts.Node) =>
  (ts.isCallExpression(node) && node.expression.getText() === "JSON.stringify") ||
  (ts.isStringLiteralLike(node) && /application\/json/i.test(node.text));

/** `c.json(value)`, `Response.json(value)`, or a body, text or Response made of JSON text or labelled as JSON. */
function writesJson(node: ts.Node): boolean {
  const call = methodCall(node);
  if (call?.method === "json" && call.args.length > 0) return true;
  if (call && ["body", "text", "html", "newResponse"].includes(call.method)) return call.args.some((arg) => contains(arg, jsonText));
  return ts.isNewExpression(node) && isIdentifier(node.expression, "Response") && (node.arguments ?? []).some((a) => contains(a, jsonText));
}

const QUERY_BUILDER = new Set([
  "selectFrom",
  "selectNoFrom",
  "insertInto",
  "replaceInto",
  "updateTable",
  "deleteFrom",
  "mergeInto",
  "transaction",
  "executeQuery",
]);

/** Kysely's `sql` in any form (`sql\`…\``, `sql<number>\`…\``, `sql.raw(…)`, a variable holding SQL) or a query builder call. */
function writesSql(node: ts.Node): boolean {
  if (ts.isIdentifier(node) && node.text === "sql") return !isOnlyAName(node);
  const call = methodCall(node);
  return call !== undefined && QUERY_BUILDER.has(call.method);
}

const CONNECTION = /^(pool|db|trx|tx|transaction|client|kysely|database|connection|conn|handle)$/i;
const CONNECTION_METHOD = new Set(["query", "execute", "executeTakeFirst", "executeTakeFirstOrThrow", "stream", "connect"]);

/** A statement sent through the pool or database handle itself: `deps.pool.query(…)`, `db.execute(…)`. */
function callsConnection(node: ts.Node): boolean {
  const call = methodCall(node);
  return call !== undefined && CONNECTION_METHOD.has(call.method) && CONNECTION.test(call.on);
}

/** src/server's folders and root files: "services/", "jobs/", "deps.ts". */
export const serverFolderOf = (path: string) => /^src\/server\/([^/]+\/|[^/]+\.tsx?$)/.exec(path)?.[1];

/** Like serverFolderOf, with each service area on its own: "services/auth", "jobs/", "deps.ts". */
export const serverAreaOf = (path: string) => /^src\/server\/(services\/[^/]+)\//.exec(path)?.[1] ?? serverFolderOf(path);

/** A top folder of src/ outside the server: "client/", "stores/", "islands/", "shared/", "i18n/"… */
const topFolderOf = (path: string) => /^src\/(?!server\/)([^/]+\/)/.exec(path)?.[1];

/** A local file on its own (packages and files outside src/ are left out). */
const fileOf = (path: string) => (path.startsWith("src/") ? path : undefined);

/** An island folder: a screen ("overview"), or "kit", the parts screens share. */
const islandFolderOf = (path: string) => /^src\/islands\/([^/]+)\//.exec(path)?.[1];

/** A service area's public face: services/<area>/index.ts. */
const isFace = (path: string) => /^src\/server\/services\/[^/]+\/index\.ts$/.test(path);
const serviceAreaOf = (path: string) => /^src\/server\/(services\/[^/]+)\//.exec(path)?.[1];

/**
 * The composition root (deps.ts) and the files it reaches without passing a face: the parts it builds (the sources and
 * their collectors, the matcher, the preparation of documents, the figure cache) and what they import. Every service
 * takes Deps, so a face imported from here would lead back to deps.ts: these reach other areas' files directly.
 */
function builtByRoot(files: SourceFile[]): Set<string> {
  const imports = new Map(files.map((f) => [f.path, f.imports]));
  const seen = new Set<string>();
  const queue = ["src/server/deps.ts"];
  for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
    if (seen.has(path)) continue;
    seen.add(path);
    queue.push(...(imports.get(path) ?? []).filter((target) => !isFace(target)));
  }
  return seen;
}

export const RULES = {
  "shared/ runs in the browser and on the server: nothing from server/, the browser's own code, node:* or React": importRule(
    inside("src/shared/"),
    (target) =>
      /^src\/(server|client|islands|ui|stores|pages|layouts|components|service-worker)\//.test(target) ||
      target.startsWith("node:") ||
      isPackage("react", "react-dom", "react-i18next", "nanostores", "@nanostores", "wretch")(target),
  ),
  "i18n/ holds the messages and translates them, below everything else: it imports nothing of the product": importRule(
    inside("src/i18n/"),
    (target) => target.startsWith("src/") && !target.startsWith("src/i18n/"),
  ),
  "services know nothing of HTTP: not http/, not a web framework": importRule(
    inside("src/server/services/"),
    (target) => target.startsWith("src/server/http/") || WEB_FRAMEWORK(target),
  ),
  "jobs, notify, cli, demo, collectors, nlp and runtime know nothing of HTTP": importRule(
    (path) => /^src\/server\/(jobs|notify|cli|demo|collectors|nlp|runtime)\//.test(path),
    (target) => target.startsWith("src/server/http/") || WEB_FRAMEWORK(target),
  ),
  "only services (and the composition root that opens the database) use db/ and the database clients": importRule(
    (path) => path.startsWith("src/") && !/^src\/server\/(services|db|runtime)\//.test(path) && path !== "src/server/deps.ts",
    (target) => target.startsWith("src/server/db/") || DATABASE_CLIENT(target),
  ),
  // The demo seeds fabricated documents (the seed command and the first start call services/demo); a trial account's
  // sample audience is product and lives in services/audience.
  "product code never imports demo code: only src/server/demo/ itself and services/demo/ import src/server/demo/": importRule(
    (path) => path.startsWith("src/") && !/^src\/server\/(demo|services\/demo)\//.test(path),
    inside("src/server/demo/"),
  ),
  "other code reaches a service area only through its index.ts; files inside an area import each other directly": (files) => {
    const root = builtByRoot(files);
    return files
      .filter((f) => !root.has(f.path))
      .flatMap((f) =>
        f.imports
          .filter((target) => {
            const area = serviceAreaOf(target);
            return area !== undefined && area !== serviceAreaOf(f.path) && !isFace(target);
          })
          .map((target) => `${f.path} → ${target}`),
      );
  },
  "ui/ is shared by islands and imports none of them": importRule(inside("src/ui/"), inside("src/islands/")),
  "a screen (islands/<screen>/) imports no other screen, only the kit (islands/kit/); the kit imports no screen": (files) =>
    files.flatMap((f) => {
      const own = islandFolderOf(f.path);
      if (own === undefined) return [];
      return f.imports
        .filter((target) => ![own, "kit", undefined].includes(islandFolderOf(target)))
        .map((target) => `${f.path} → ${target}`);
    }),
  "the browser side never imports the server": importRule((path) => BROWSER_SIDE.test(path), inside("src/server/")),
  "the browser side reaches the network only through client/ (its only HTTP client)": (files) => [
    ...importRule((path) => !path.startsWith("src/client/"), isPackage("wretch"))(files),
    ...codeRule((path) => BROWSER_SIDE.test(path) && !path.startsWith("src/client/"), reachesNetwork)(files),
  ],
  "only http/envelope.ts writes JSON answers": codeRule(
    (path) => path.startsWith("src/server/") && path !== "src/server/http/envelope.ts",
    writesJson,
  ),
  "SQL is written in services and db/ only (routes, jobs, commands and notify call services)": codeRule(
    (path) => path.startsWith("src/server/") && !/^src\/server\/(services|db)\//.test(path),
    writesSql,
  ),
  // pg-boss keeps its queues in the app's database: the runner gives it the pool for pg-boss's own statements.
  "routes, jobs, commands and notify send nothing through the pool or database handle": codeRule(
    (path) => path.startsWith("src/server/") && !/^src\/server\/(services|db)\//.test(path) && path !== "src/server/jobs/runner.ts",
    callsConnection,
  ),
  "no import cycles between files": (files) => cycles(groupGraph(files, fileOf)),
  "no loops between src's folders outside the server (client/ ↔ stores/, shared/ ↔ i18n/)": (files) =>
    cycles(groupGraph(files, topFolderOf)),
} satisfies Record<string, Rule>;

/**
 * No loops between service areas, or through the server's other folders and root files (deps.ts → services/ingest →
 * deps.ts, runtime/ → cli/ → runtime/). Areas are the unit, not services/ as a whole: collectors/ sits between two of
 * them (services/collection drives the collectors, which produce services/ingest's input), a layer and no loop.
 */
export const serverAreaCycles = (files: SourceFile[], setAside: Set<string>) => cycles(groupGraph(files, serverAreaOf, setAside));

/**
 * The set-aside imports that should be struck from the list: gone from the code, or no longer closing a loop (the area
 * they import no longer leads back to their own).
 */
export function staleSetAside(files: SourceFile[], setAside: Set<string>): string[] {
  const present = new Set(files.flatMap((f) => f.imports.map((target) => `${f.path} → ${target}`)));
  const areas = groupGraph(files, serverAreaOf);
  const closesLoop = (from: string, to: string) => {
    const [a, b] = [serverAreaOf(from), serverAreaOf(to)];
    return a !== undefined && b !== undefined && a !== b && reachable(areas, b).has(a);
  };
  return [...setAside].filter((edge) => {
    const [from, to] = edge.split(" → ");
    return !present.has(edge) || !closesLoop(from, to);
  });
}
