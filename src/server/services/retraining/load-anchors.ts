import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { ReadingContext } from "../../nlp/sentiment/reading-context.ts";

/** How many unlabelled news titles hold an adaptation to the base reading. */
const TITLE_ANCHORS = 4000;
/** How many consumers' texts do, read as a consumer's. */
const CONSUMER_ANCHORS = 2000;

/** A text no account corrected, read as its context says. */
export type AnchorText = { text: string; context?: ReadingContext };

const CONSUMER: ReadingContext = { kind: "review" };

const loaded = new Map<string, AnchorText[]>();

/**
 * Every k-th line (k = ⌊lines / count⌋, at least 1: with fewer than twice `count` lines, the first ones), at most
 * `count` non-empty ones; none when the file is missing.
 */
function evenSample(path: string, count: number, textOf: (line: string) => string): string[] {
  const lines = existsSync(path) ? readFileSync(path, "utf8").split("\n") : [];
  const step = Math.max(1, Math.floor(lines.length / count));
  return lines
    .filter((line, i) => i % step === 0 && line.trim())
    .slice(0, count)
    .map(textOf);
}

/**
 * The texts that hold an adaptation to the base reading, read once per directory `dir`: an even sample of the
 * unlabelled news titles (`news-titles/titles.txt`), and of consumers' reviews and comments naming a brand
 * (`brand-social/train.jsonl`, labels unread) read as a consumer's, which the residual moves at full scale. Reviews of
 * phones (uit-visfd) held consumers' texts worse: brand-social's half-dev lost 1.6 points at 50 corrections, against
 * 0.2 with these. A file that is missing gives none.
 */
export function loadAnchors(dir: string): AnchorText[] {
  if (!loaded.has(dir)) {
    const titles = evenSample(join(dir, "news-titles", "titles.txt"), TITLE_ANCHORS, (line) => line);
    const consumers = evenSample(
      join(dir, "brand-social", "train.jsonl"),
      CONSUMER_ANCHORS,
      (line) => (JSON.parse(line) as { text: string }).text,
    );
    loaded.set(dir, [...titles.map((text) => ({ text })), ...consumers.map((text) => ({ text, context: CONSUMER }))]);
  }
  return loaded.get(dir)!;
}
