import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Example, Label } from "./datasets.ts";
import { repeatFinder } from "./news-titles.ts";

/**
 * Our own texts about invented brands, labelled by their writer and again by an independent reader, kept where both
 * agreed (docs/models/sentiment.md, "Written news" and "Written consumer texts"): `label<TAB>text` per line, `#` lines
 * are comments. Ours to ship, unlike the research-only sets. News texts feed the news head, consumers' texts the
 * consumer head.
 */
export const WRITTEN_PATHS = {
  news: fileURLToPath(new URL("./labels/synthetic-news.tsv", import.meta.url)),
  consumer: fileURLToPath(new URL("./labels/synthetic-consumer.tsv", import.meta.url)),
};
export type WrittenKind = keyof typeof WRITTEN_PATHS;

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

/** The written texts of a kind, without any that repeats or nearly repeats a text of `elsewhere` (dev sets among them). */
export function writtenTexts(kind: WrittenKind, elsewhere: readonly Example[]): Example[] {
  const repeats = repeatFinder(elsewhere);
  return readLabelledTexts(WRITTEN_PATHS[kind]).filter((e) => !repeats(e.text));
}
