import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

export const ROOT = resolve(import.meta.dirname, "../..");
const SRC = join(ROOT, "src");

const IMPORT = /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?(?:[^"';]*?\sfrom\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

export type SourceFile = { path: string; imports: string[] };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|astro)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Relative specifiers become paths from the repository root ("src/server/db/client.ts"); packages stay as written. */
function resolveSpecifier(from: string, specifier: string): string {
  return specifier.startsWith(".") ? relative(ROOT, resolve(dirname(from), specifier)) : specifier;
}

/** Every non-test source file under src/ with the modules it imports (static, re-exports and dynamic). */
export function importGraph(): SourceFile[] {
  return sourceFiles(SRC).map((file) => {
    const text = readFileSync(file, "utf8");
    const imports = [...text.matchAll(IMPORT)].map((m) => resolveSpecifier(file, m[1] ?? m[2]));
    return { path: relative(ROOT, file), imports };
  });
}

/** The import cycles among src/ files, each as the list of files around it. */
export function importCycles(files: SourceFile[], local = (target: string) => target.startsWith("src/")): string[][] {
  const edges = new Map(files.map((f) => [f.path, f.imports.filter(local)]));
  const state = new Map<string, "open" | "done">();
  const cycles: string[][] = [];
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, "open");
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      if (state.get(next) === "open") cycles.push(stack.slice(stack.indexOf(next)));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, "done");
  };
  for (const node of edges.keys()) if (!state.has(node)) visit(node);
  return cycles;
}
