import { resolve } from "node:path";
import ts from "typescript";
import { groupGraph, importGraph, reachable, ROOT, type SourceFile } from "./import-graph.ts";

/**
 * The two walks of docs/architecture.md, drawn from the imports: the files a request or a document passes through
 * (the import closure of the functions the route calls, within src/server and src/shared) and the returns among them
 * (arrows between the walk's areas that point back to an area already on the way, i.e. arrows inside loops):
 * `npx tsx tests/architecture/walks.ts [root]`.
 */
const WALKS = {
  "GET /api/mention/index": ["requireUser", "computeFigure", "listMentions"],
  "POST /api/ingest": ["findApiKeyOwner", "ingestBatch"],
};

const OWN_CODE = /^src\/(server|shared)\//;

/** A service area, or a top folder of src/server or src/shared. */
const areaOf = (path: string) =>
  /^src\/server\/services\/([^/]+)\//.exec(path)?.[1] ?? /^src\/(server|shared)\/([^/.]+)\//.exec(path)?.slice(1).join("/") ?? path;

function declares(file: SourceFile, name: string): boolean {
  return file.ast.statements.some(
    (statement) =>
      ((ts.isFunctionDeclaration(statement) && statement.name?.text === name) ||
        (ts.isVariableStatement(statement) &&
          statement.declarationList.declarations.some((d) => ts.isIdentifier(d.name) && d.name.text === name))) &&
      ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword),
  );
}

export function walk(files: SourceFile[], entries: string[]) {
  const byPath = new Map(files.map((f) => [f.path, f]));
  const starts = entries.map((name) => {
    const found = files.find((f) => OWN_CODE.test(f.path) && declares(f, name));
    if (!found) throw new Error(`no file exports ${name}`);
    return found.path;
  });
  const seen = new Set(starts);
  const queue = [...starts];
  for (let path = queue.shift(); path !== undefined; path = queue.shift())
    for (const target of byPath.get(path)?.imports ?? [])
      if (OWN_CODE.test(target) && byPath.has(target) && !seen.has(target)) {
        seen.add(target);
        queue.push(target);
      }
  const stops = files.filter((f) => seen.has(f.path));
  const graph = groupGraph(stops, areaOf);
  const returns = [...graph].flatMap(([from, out]) =>
    [...out.keys()].filter((to) => reachable(graph, to).has(from)).map((to) => `${from} → ${to}`),
  );
  return { stops: stops.length, areas: graph.size, returns };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const files = importGraph(resolve(process.argv[2] ?? ROOT));
  for (const [name, entries] of Object.entries(WALKS)) {
    const { stops, areas, returns } = walk(files, entries);
    console.log(`${name}: ${stops} files in ${areas} areas, ${returns.length} returns${returns.length ? `: ${returns.join(", ")}` : ""}`);
  }
}
