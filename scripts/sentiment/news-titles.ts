import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { DATASETS_DIR, type Example, type Label } from "./datasets.ts";

/** Unlabelled news titles (research-only: read at training time, never shipped). Line n is titles[n - 1]. */
export const TITLES_PATH = `${DATASETS_DIR}news-titles/titles.txt`;

/** Our own labels of news-titles lines: line number, label, provenance. Only labels, never the texts. */
export const TITLE_LABELS_PATH = fileURLToPath(new URL("./labels/news-titles.tsv", import.meta.url));

export interface TitleLabel {
  line: number;
  label: Label;
  provenance: string;
}

export function readTitles(): string[] {
  const text = readFileSync(TITLES_PATH, "utf8");
  return (text.endsWith("\n") ? text.slice(0, -1) : text).split("\n");
}

export function readTitleLabels(path = TITLE_LABELS_PATH): TitleLabel[] {
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const [n, label, provenance] = line.split("\t");
      if (!/^\d+$/.test(n) || !/^[012]$/.test(label)) throw new Error(`bad label row in ${path}: ${line}`);
      return { line: Number(n), label: Number(label) as Label, provenance: provenance ?? "" };
    });
}

/** A title as it is compared with other sets' texts: NFC, lower case, letters and digits only. */
export const comparable = (text: string) =>
  text
    .normalize("NFC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

/**
 * The labelled titles as examples (texts read from titles.txt at training time), without those that repeat a text of
 * `elsewhere`: the news corpora behind brand-news hold some of the same headlines, and a dev text met in training
 * would make the dev scores lie.
 */
export function labelledTitles(titles: string[], elsewhere: readonly Example[]): Example[] {
  const repeats = repeatFinder(elsewhere);
  return readTitleLabels().flatMap(({ line, label }) => {
    const text = titles[line - 1];
    if (text === undefined) throw new Error(`news-titles has no line ${line}`);
    return repeats(text) ? [] : [{ text, label }];
  });
}

/** A test for "this text repeats or nearly repeats one of `elsewhere`" (the same words, or the same story). */
export function repeatFinder(elsewhere: readonly Example[]): (text: string) => boolean {
  const seen = new Set(elsewhere.map((e) => comparable(e.text)));
  const near = nearDuplicateFinder(elsewhere.map((e) => e.text));
  return (text) => seen.has(comparable(text)) || near(text);
}

/** Share of a title's distinct words that must occur in one other text for the title to count as the same story. */
export const NEAR_DUPLICATE_SHARE = 0.8;

/**
 * A test for "this title tells the same story as one of `texts`": at least NEAR_DUPLICATE_SHARE of its distinct words
 * (5 or more) occur in one of them — the headline of an article whose first sentence is a brand-news text, or the
 * same headline reworded ("… sắp ra mắt tại Việt Nam" / "Cùng soi … ngày ra mắt tại Việt Nam").
 */
export function nearDuplicateFinder(texts: readonly string[]): (title: string) => boolean {
  const words = (t: string) => new Set(comparable(t).split(" ").filter(Boolean));
  const postings = new Map<string, number[]>();
  texts.forEach((t, i) => {
    for (const w of words(t)) {
      const list = postings.get(w);
      if (list) list.push(i);
      else postings.set(w, [i]);
    }
  });
  return (title) => {
    const mine = words(title);
    if (mine.size < 5) return false;
    const hits = new Map<number, number>();
    for (const w of mine) for (const i of postings.get(w) ?? []) hits.set(i, (hits.get(i) ?? 0) + 1);
    for (const n of hits.values()) if (n >= NEAR_DUPLICATE_SHARE * mine.size) return true;
    return false;
  };
}
