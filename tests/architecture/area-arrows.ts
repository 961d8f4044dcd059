import { resolve } from "node:path";
import { groupGraph, importGraph, reachable, ROOT, type Graph } from "./import-graph.ts";

/**
 * Counts the arrows between service areas (area A → B when a file of A imports one of B), the arrows inside loops, and
 * the fewest arrows whose removal leaves no loop (the back-arrows), for the tree at the given root:
 * `npx tsx tests/architecture/area-arrows.ts [root]`.
 */
const areaOf = (path: string) => /^src\/server\/services\/([^/]+)\//.exec(path)?.[1];

const without = (graph: Graph, removed: Set<string>): Graph =>
  new Map([...graph].map(([from, arrows]) => [from, new Map([...arrows].filter(([to]) => !removed.has(`${from} → ${to}`)))]));

const acyclic = (graph: Graph) => [...graph].every(([from, arrows]) => [...arrows.keys()].every((to) => !reachable(graph, to).has(from)));

/** The smallest sets of arrows to remove, tried by size: the graphs here have a few dozen arrows in loops. */
function fewestBackArrows(graph: Graph, looped: string[]): string[] {
  const choose = (from: number, size: number, chosen: string[]): string[] | undefined => {
    if (size === 0) return acyclic(without(graph, new Set(chosen))) ? chosen : undefined;
    for (let i = from; i <= looped.length - size; i++) {
      const found = choose(i + 1, size - 1, [...chosen, looped[i]]);
      if (found) return found;
    }
    return undefined;
  };
  for (let size = 0; size <= looped.length; size++) {
    const found = choose(0, size, []);
    if (found) return found;
  }
  return looped;
}

const root = resolve(process.argv[2] ?? ROOT);
const graph = groupGraph(importGraph(root), areaOf);
const arrows = [...graph].flatMap(([from, out]) => [...out.keys()].map((to) => `${from} → ${to}`));
const looped = arrows.filter((arrow) => {
  const [from, to] = arrow.split(" → ");
  return reachable(graph, to).has(from);
});
console.log(`${graph.size} areas, ${arrows.length} arrows, ${looped.length} in loops`);
console.log(`in loops: ${looped.join(", ")}`);
const back = fewestBackArrows(graph, looped);
console.log(`${back.length} back-arrows (one fewest set): ${back.join(", ")}`);
