import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { unaccent } from "../../src/server/nlp/normalize.ts";
import type { MentionKind, ReadingContext } from "../../src/server/nlp/sentiment/reading-context.ts";
import { consumerRowContext } from "../../src/server/services/retraining/load-dev-sets.ts";
import { undoVsfcEncoding } from "../../src/server/nlp/sentiment/vsfc-encoding.ts";

export type Label = 0 | 1 | 2;
export type Split = "train" | "dev" | "test";

export interface Example {
  text: string;
  label: Label;
}

export const DATASETS_DIR = fileURLToPath(new URL("../../../shared/datasets/", import.meta.url));

/** Reviews, comments and feedback: what the general head is fitted on. */
export const GENERAL_SETS = [
  "vlsp2016-sa",
  "uit-vsfc",
  "uit-visfd",
  "vlsp2018-absa-hotel",
  "vlsp2018-absa-restaurant",
  "aivivn-2019",
  "uts2017-bank",
] as const;

/** News about companies, labelled toward the brand: what the news head is fitted on. */
export const NEWS_SETS = ["brand-news", "cafef-headlines"] as const;

/** Consumers' own words toward a brand (comments, posts, reviews): what the consumer head is fitted on. */
export const CONSUMER_SETS = ["brand-social"] as const;

/** Every set with sentiment labels (field `label`: 0 neutral, 1 positive, 2 negative). */
export const SENTIMENT_SETS = [...GENERAL_SETS, ...CONSUMER_SETS, ...NEWS_SETS] as const;
export type SetName = (typeof SENTIMENT_SETS)[number];

/** The split each set is scored on by eval:sentiment: brand-news and brand-social have no test split (theirs are hidden). */
export const SCORED_SPLIT: Record<SetName, Split> = {
  "vlsp2016-sa": "test",
  "uit-vsfc": "test",
  "uit-visfd": "test",
  "vlsp2018-absa-hotel": "test",
  "vlsp2018-absa-restaurant": "test",
  "aivivn-2019": "test",
  "uts2017-bank": "test",
  "brand-social": "dev",
  "brand-news": "dev",
  "cafef-headlines": "test",
};

function readJsonl(path: string): Example[] {
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => {
      const row = JSON.parse(line) as { text: string; label: Label };
      return { text: row.text, label: row.label };
    });
}

// AIVIVN 2019 ships only a train split: every 10th row of each class, in a seeded order, is our dev split.
function aivivnSplit(rows: Example[], split: Split): Example[] {
  if (split === "test") return [];
  const dev = new Set<number>();
  for (const label of [1, 2]) {
    const ids = rows.flatMap((r, i) => (r.label === label ? [i] : []));
    ids.sort((a, b) => scramble(a) - scramble(b) || a - b);
    ids.forEach((id, rank) => rank % 10 === 0 && dev.add(id));
  }
  return rows.filter((_, i) => dev.has(i) === (split === "dev"));
}

function scramble(i: number): number {
  let h = Math.imul(i ^ 0x5bd1e995, 0x9e3779b1);
  h ^= h >>> 15;
  return Math.imul(h, 0x85ebca6b) >>> 0;
}

/** Lower case, no accents, letters and digits only: "Tốt ." and "tot." meet. */
function duplicateKey(text: string): string {
  return unaccent(text.toLowerCase()).replace(/[^\p{L}\p{N}]/gu, "");
}

// The AIVIVN copy was deduplicated against VLSP 2016 with spaces kept, so a few VLSP comments (tokenised with
// spaces around punctuation) are still in it: drop from our AIVIVN train part every text that is also in a dev
// split, so that the dev numbers the choices are made on stay clean.
function withoutDevTexts(rows: Example[]): Example[] {
  const dev = new Set<string>();
  for (const set of SENTIMENT_SETS) for (const e of loadSplit(set, "dev")) dev.add(duplicateKey(e.text));
  return rows.filter((r) => !dev.has(duplicateKey(r.text)));
}

/** A brand-social row with what the product knows of a mention: its kind, channel and stars. */
export interface ConsumerExample extends Example {
  brand: string;
  context: ReadingContext;
}

export function loadConsumerSplit(split: Split): ConsumerExample[] {
  return readFileSync(`${DATASETS_DIR}brand-social/${split}.jsonl`, "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => {
      const row = JSON.parse(line) as {
        text: string;
        label: Label;
        brand: string;
        kind: MentionKind;
        platform: string;
        rating: number | null;
      };
      return { text: row.text, label: row.label, brand: row.brand, context: consumerRowContext(row) };
    });
}

export function loadSplit(set: SetName, split: Split): Example[] {
  if (set === "aivivn-2019") {
    const rows = aivivnSplit(readJsonl(`${DATASETS_DIR}${set}/train.jsonl`), split);
    return split === "train" ? withoutDevTexts(rows) : rows;
  }
  const path = `${DATASETS_DIR}${set}/${split}.jsonl`;
  if (!existsSync(path)) return [];
  const rows = readJsonl(path);
  return set === "uit-vsfc" ? rows.map((r) => ({ ...r, text: undoVsfcEncoding(r.text) })) : rows;
}
