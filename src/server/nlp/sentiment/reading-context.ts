import { channelById, channelBySlug, type Channel } from "../../../shared/channels.ts";
import { MENTION_TYPE, RATING_MAX } from "../../../shared/mention.ts";

export const MENTION_KINDS = ["post", "comment", "reply", "review"] as const;
export type MentionKind = (typeof MENTION_KINDS)[number];

/** What is known of a text besides its words: where and how it was written, and the stars its writer gave. */
export interface ReadingContext {
  /** Channel id (spec §3) or slug. */
  channel?: number | string;
  kind?: MentionKind;
  /** 1–5 stars, as the source gave them. */
  rating?: number;
}

/** Log-likelihood ratios per star (rows 1…5) and class (neutral, positive, negative): all zero = no evidence. */
export const NO_RATING_EVIDENCE: readonly number[] = new Array(RATING_MAX * 3).fill(0);

const CONSUMER_KINDS: ReadonlySet<MentionKind> = new Set(["comment", "reply", "review"]);
const NEWS_CHANNELS: ReadonlySet<string> = new Set(["news", "paper", "tv"]);

function channelOf(channel: number | string | undefined): Channel | undefined {
  if (channel === undefined) return undefined;
  return typeof channel === "number" ? channelById(channel) : (channelBySlug(channel) ?? channelById(Number(channel)));
}

/**
 * Who wrote the text, when the source says so: "news" for news, paper and TV (read by the news head), "consumer" for
 * comments, replies, reviews and anything on a social, review or e-commerce channel (read by the general head, which
 * learnt consumers' own voice), undefined when only the words can tell (the domain head mixes the two).
 */
export function writerOf(context: ReadingContext | undefined): "news" | "consumer" | undefined {
  if (!context) return undefined;
  const channel = channelOf(context.channel);
  if (channel && NEWS_CHANNELS.has(channel.slug)) return "news";
  if (context.kind && CONSUMER_KINDS.has(context.kind)) return "consumer";
  if (channel?.group) return "consumer";
  return undefined;
}

/** A whole number of stars 1…5, or undefined for anything else. */
export function starsOf(rating: unknown): number | undefined {
  const n = typeof rating === "string" && rating.trim() !== "" ? Number(rating) : rating;
  return typeof n === "number" && Number.isInteger(n) && n >= 1 && n <= RATING_MAX ? n : undefined;
}

const KIND_OF_MENTION_TYPE: Partial<Record<number, MentionKind>> = {
  [MENTION_TYPE.post]: "post",
  [MENTION_TYPE.comment]: "comment",
  [MENTION_TYPE.reply]: "reply",
};

/** A stored document's reading context: its channel, the kind its mention type names (none for an image's text), its stars. */
export function documentContext(document: { channel: number; mention_type: number; rating: number | null }): ReadingContext {
  return { channel: document.channel, kind: KIND_OF_MENTION_TYPE[document.mention_type], rating: starsOf(document.rating) };
}
