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
/** Zalo's chats and groups are people talking, like the social channels, though the spec puts them in no group. */
const CONSUMER_CHANNELS: ReadonlySet<string> = new Set(["zalo", "zalo-group"]);

function channelOf(channel: number | string | undefined): Channel | undefined {
  if (channel === undefined) return undefined;
  return typeof channel === "number" ? channelById(channel) : (channelBySlug(channel) ?? channelById(Number(channel)));
}

/**
 * Who wrote the text, when the source says so: "news" for news, paper and TV (read by the news head), "consumer" for
 * comments, replies, reviews and anything on a social, review or e-commerce channel or on Zalo (read by the consumer
 * head), undefined when only the words can tell (LinkedIn, no context: the domain head mixes the two).
 */
export function writerOf(context: ReadingContext | undefined): "news" | "consumer" | undefined {
  if (!context) return undefined;
  const channel = channelOf(context.channel);
  if (channel && NEWS_CHANNELS.has(channel.slug)) return "news";
  if (context.kind && CONSUMER_KINDS.has(context.kind)) return "consumer";
  if (channel && (channel.group || CONSUMER_CHANNELS.has(channel.slug))) return "consumer";
  return undefined;
}

/**
 * Whether a consumer's text may be news told by a person: a post (not a comment, reply or review) on a social channel or
 * Zalo, where people share headlines as often as they speak for themselves. Its reading then takes the news head's
 * reading for the share of it the domain head finds news-like (sentiment-model.ts).
 */
export function mayRetellNews(context: ReadingContext | undefined): boolean {
  if (writerOf(context) !== "consumer" || context?.kind !== "post") return false;
  const group = channelOf(context.channel)?.group;
  return group !== "review" && group !== "ecommerce";
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

/** Where a post is a review: app and map reviews, and a marketplace's product reviews. */
const REVIEW_GROUPS: ReadonlySet<string | null> = new Set(["review", "ecommerce"]);

/** What the pipeline stores of a document that its reading depends on besides its words. */
export type StoredContext = { channel: number; mention_type: number; rating: number | null };

/**
 * A stored document's reading context: its channel, the kind its mention type names (a post on a review or marketplace
 * channel is a review; an image's text has none), its stars.
 */
export function documentContext(document: StoredContext): ReadingContext {
  const kind = KIND_OF_MENTION_TYPE[document.mention_type];
  const review = kind === "post" && REVIEW_GROUPS.has(channelById(document.channel)?.group ?? null);
  return { channel: document.channel, kind: review ? "review" : kind, rating: starsOf(document.rating) };
}
