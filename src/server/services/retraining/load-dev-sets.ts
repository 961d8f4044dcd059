import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { ChannelSlug } from "../../../shared/channels.ts";
import type { SentimentLabel } from "../../nlp/sentiment/classify.ts";
import { MENTION_KINDS, type MentionKind, type ReadingContext, starsOf } from "../../nlp/sentiment/reading-context.ts";
import { undoVsfcEncoding } from "../../nlp/sentiment/vsfc-encoding.ts";

/** A labelled text, with how the product would read it where its set says (brand-social's kind, platform, stars). */
export type LabelledText = { text: string; label: SentimentLabel; context?: ReadingContext };

/**
 * The dev splits that gate an adaptation: brand coverage and consumers' voice first, then the review and feedback sets
 * the base is held to.
 */
const GATE_SETS = ["brand-news", "brand-social", "vlsp2016-sa", "uit-vsfc", "uit-visfd"] as const;

// brand-social's platforms as the product's channels (Foody and the travel sites are review apps).
const CHANNEL_OF_PLATFORM: Record<string, ChannelSlug> = {
  foody: "review-app",
  agoda: "review-app",
  unknown: "review-app",
  "google-maps": "review-map",
  tiktok: "tiktok",
  tiki: "ecommerce",
  shopee: "ecommerce",
  ecommerce: "ecommerce",
};

/** How the product reads a brand-social row: its kind, its platform's channel, its stars. */
export function consumerRowContext(row: { kind?: unknown; platform?: unknown; rating?: unknown }): ReadingContext {
  return {
    kind: MENTION_KINDS.includes(row.kind as MentionKind) ? (row.kind as MentionKind) : undefined,
    channel: CHANNEL_OF_PLATFORM[String(row.platform)],
    rating: starsOf(row.rating),
  };
}

/** Each gate set's dev split found under `dir` (`<set>/dev.jsonl`, one {"text", "label"} per line); missing ones are left out. */
export function loadDevSets(dir: string): { name: string; examples: LabelledText[] }[] {
  return GATE_SETS.flatMap((name) => {
    const path = join(dir, name, "dev.jsonl");
    if (!existsSync(path)) return [];
    const examples = readFileSync(path, "utf8")
      .split("\n")
      .filter((line) => line.trim())
      .map((line) => {
        const row = JSON.parse(line) as LabelledText & { kind?: unknown; platform?: unknown; rating?: unknown };
        const text = name === "uit-vsfc" ? undoVsfcEncoding(row.text) : row.text;
        return name === "brand-social" ? { text, label: row.label, context: consumerRowContext(row) } : { text, label: row.label };
      });
    return [{ name, examples }];
  });
}
