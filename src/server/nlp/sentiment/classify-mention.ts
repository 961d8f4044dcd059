import { brandWindows } from "../brand-windows.ts";
import { matchKeywords } from "../match.ts";
import { classify, type SentimentResult } from "./classify.ts";
import { MENTION_KINDS, starsOf, writerOf, type MentionKind, type ReadingContext } from "./reading-context.ts";

/** What a caller outside the product may say of a text (the CLI's input line): each field optional, checked here. */
interface MentionFields {
  channel?: unknown;
  kind?: unknown;
  rating?: unknown;
  /** The brand's names, as a list or one comma-separated string. */
  keywords?: unknown;
}

function contextOf(fields: MentionFields): ReadingContext {
  const { channel, kind } = fields;
  return {
    channel: typeof channel === "number" || typeof channel === "string" ? channel : undefined,
    kind: MENTION_KINDS.includes(kind as MentionKind) ? (kind as MentionKind) : undefined,
    rating: starsOf(fields.rating),
  };
}

function keywordsOf(value: unknown): string[] {
  const list = Array.isArray(value) ? value : typeof value === "string" ? value.split(",") : [];
  return list.flatMap((k) => (typeof k === "string" && k.trim() ? [k.trim()] : []));
}

/**
 * The sentiment of a text read as a mention of the brand whose keywords are given, with its channel, kind and stars.
 * Coverage is read from the windows around the keywords (nlp/brand-windows.ts: an article names several companies); a
 * consumer's comment or review is read whole, as a customer-care team reads it: its writer names the brand once and
 * says what happened in the next sentences (brand-social dev: macro-F1 71.7 read from the windows, 74.3 whole).
 */
export function classifyMention(text: string, fields: MentionFields = {}): SentimentResult {
  const context = contextOf(fields);
  const keywords = writerOf(context) === "consumer" ? [] : keywordsOf(fields.keywords);
  const spans = keywords.length ? matchKeywords(keywords, text).map(({ start, end }) => ({ owner: 0, start, end })) : [];
  return classify(brandWindows(text, spans)(0), context);
}
