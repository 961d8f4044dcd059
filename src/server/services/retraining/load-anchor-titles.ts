import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** How many unlabelled news titles hold an adaptation to the base reading. */
const ANCHORS = 4000;

const loaded = new Map<string, string[]>();

/**
 * An even sample (every k-th line) of the unlabelled news titles under `dir` (`news-titles/titles.txt`): news texts no
 * account corrected, read once per directory; none when the file is missing.
 */
export function loadAnchorTitles(dir: string): string[] {
  const path = join(dir, "news-titles", "titles.txt");
  if (!loaded.has(path)) {
    const lines = existsSync(path) ? readFileSync(path, "utf8").split("\n") : [];
    const step = Math.max(1, Math.floor(lines.length / ANCHORS));
    loaded.set(path, lines.filter((line, i) => i % step === 0 && line.trim()).slice(0, ANCHORS));
  }
  return loaded.get(path)!;
}
