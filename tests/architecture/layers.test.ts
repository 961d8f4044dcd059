import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { importCycles, importGraph, ROOT } from "./import-graph.ts";

/**
 * The layering of docs/architecture.md, checked on the imports themselves: each rule names the files it applies to
 * and the imports they may not have. A violation lists "file → import".
 */
const inside = (folder: string) => (path: string) => path.startsWith(folder);

const RULES: { rule: string; files: (path: string) => boolean; forbidden: (target: string) => boolean }[] = [
  {
    rule: "shared/ runs in the browser and on the server: nothing from server/, client/, islands/ or node:*",
    files: inside("src/shared/"),
    forbidden: (target) => /^src\/(server|client|islands)\//.test(target) || target.startsWith("node:"),
  },
  {
    rule: "services know nothing of HTTP",
    files: inside("src/server/services/"),
    forbidden: inside("src/server/http/"),
  },
  {
    rule: "jobs, notify, cli, demo, collectors and nlp know nothing of HTTP",
    files: (path) => /^src\/server\/(jobs|notify|cli|demo|collectors|nlp|runtime)\//.test(path),
    forbidden: inside("src/server/http/"),
  },
  {
    rule: "only services (and the composition root that opens the database) use db/",
    files: (path) => path.startsWith("src/") && !/^src\/server\/(services|db|runtime)\//.test(path) && path !== "src/server/deps.ts",
    forbidden: inside("src/server/db/"),
  },
  {
    rule: "ui/ is shared by islands and imports none of them",
    files: inside("src/ui/"),
    forbidden: inside("src/islands/"),
  },
  {
    rule: "the browser side never imports the server",
    files: (path) => /^src\/(client|islands|ui|stores|pages|layouts|components)\//.test(path),
    forbidden: inside("src/server/"),
  },
];

const files = importGraph();

describe("layers", () => {
  test.each(RULES.map((r) => [r.rule, r] as const))("%s", (_, { files: applies, forbidden }) => {
    const violations = files
      .filter((f) => applies(f.path))
      .flatMap((f) => f.imports.filter(forbidden).map((target) => `${f.path} → ${target}`));
    expect(violations).toEqual([]);
  });

  test("SQL is written in services and db/ only (jobs, commands, routes and notify call services)", () => {
    const QUERY = /\.(selectFrom|insertInto|updateTable|deleteFrom|transaction)\(|\bsql`/;
    const outside = files.filter((f) => f.path.startsWith("src/server/") && !/^src\/server\/(services|db)\//.test(f.path));
    expect(outside.filter((f) => QUERY.test(readFileSync(join(ROOT, f.path), "utf8"))).map((f) => f.path)).toEqual([]);
  });

  test("no import cycles", () => {
    expect(importCycles(files).map((cycle) => cycle.join(" → "))).toEqual([]);
  });

  test("no cycles between the server's folders (runtime → cli → runtime is one)", () => {
    const folderOf = (path: string) => /^src\/server\/([^/]+)\//.exec(path)?.[1];
    const folders = new Map<string, Set<string>>();
    for (const file of files) {
      const from = folderOf(file.path);
      if (!from) continue;
      const targets = folders.get(from) ?? new Set<string>();
      for (const target of file.imports.map(folderOf)) if (target && target !== from) targets.add(target);
      folders.set(from, targets);
    }
    const graph = [...folders].map(([path, targets]) => ({ path, imports: [...targets] }));
    expect(importCycles(graph, () => true).map((cycle) => cycle.join(" → "))).toEqual([]);
  });

  test("the graph is read at all (a broken parser would pass every rule)", () => {
    expect(files.length).toBeGreaterThan(200);
    expect(files.find((f) => f.path === "src/server/app.ts")?.imports.some((i) => i.startsWith("src/server/http/"))).toBe(true);
  });
});
