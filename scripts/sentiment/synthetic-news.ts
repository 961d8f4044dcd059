import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Example, Label } from "./datasets.ts";
import { repeatFinder } from "./news-titles.ts";

/**
 * Our own news texts about invented brands, labelled by their writer and again by an independent reader, kept where
 * both agreed (docs/models/sentiment.md, "Written news"): `label<TAB>text` per line, `#` lines are comments.
 * Ours to ship, unlike the research-only sets.
 */
export const SYNTHETIC_NEWS_PATH = fileURLToPath(new URL("./labels/synthetic-news.tsv", import.meta.url));

export function readLabelledTexts(path: string): Example[] {
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line.trim() && !line.startsWith("#"))
    .map((line) => {
      const [label, text, ...rest] = line.split("\t");
      if (!/^[012]$/.test(label) || !text?.trim() || rest.length > 0) throw new Error(`bad row in ${path}: ${line}`);
      return { text: text.normalize("NFC").trim(), label: Number(label) as Label };
    });
}

/** The written texts, without any that repeats or nearly repeats a text of `elsewhere` (dev sets among them). */
export function syntheticNews(elsewhere: readonly Example[]): Example[] {
  const repeats = repeatFinder(elsewhere);
  return readLabelledTexts(SYNTHETIC_NEWS_PATH).filter((e) => !repeats(e.text));
}
