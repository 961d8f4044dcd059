import { type, type Type } from "arktype";
import { ECOMMERCE_SOURCE, MENTION_STATUS, MENTION_TYPE } from "./mention.ts";
import { SENTIMENT } from "./sentiment.ts";
import { BUCKET_MS, type Granularity } from "./time-range.ts";
import type { Wire } from "./wire.ts";

/** The seven counters of spec §3, in the order the server computes them. */
export const COUNTER_KEYS = [
  "total_mention",
  "total_post",
  "total_view",
  "total_comment",
  "total_like",
  "total_share",
  "total_comment_post",
] as const;
export type CounterKey = (typeof COUNTER_KEYS)[number];
/** The same counters in the order the overview screen, the mention list and the reports show them. */
export const COUNTERS_SHOWN = [
  "total_mention",
  "total_post",
  "total_comment_post",
  "total_like",
  "total_comment",
  "total_share",
  "total_view",
] as const satisfies readonly CounterKey[];
/** An object of the given keys, each holding `value`. */
export function keyed<const K extends string, V>(keys: readonly K[], value: Type<V>): Type<Record<K, V>> {
  return type(Object.fromEntries(keys.map((key) => [key, value])) as never) as unknown as Type<Record<K, V>>;
}

/** A server answer's type: as the service builds it (`Time` = Date), or as the browser reads it (ISO strings). */
export type AtTime<T, Time> = Time extends Date ? T : Wire<T>;

const count = type("number");
const sentiment = type.enumerated(...Object.values(SENTIMENT));
export const CountersSchema = keyed(COUNTER_KEYS, count);
export type Counters = typeof CountersSchema.infer;
/** Counters of the period, of the equal period before, and the change in percent (null when the previous value was 0). */
export const DashboardStatsSchema = CountersSchema.and({ previous: CountersSchema, change: keyed(COUNTER_KEYS, type("number | null")) });
export type DashboardStats = typeof DashboardStatsSchema.infer;

/** One series per project or sentiment (`key`), one value per bucket; buckets are ISO instants. */
export const TimeSeriesSchema = type({
  granularity: type.enumerated(...(Object.keys(BUCKET_MS) as Granularity[])),
  buckets: "string[]",
  series: type({ key: "number", values: "number[]" }).array(),
});
export type TimeSeries = typeof TimeSeriesSchema.infer;
export const ChannelFigureSchema = type({ channel_id: "number", total_mention: "number", total_interaction: "number" });
export type ChannelFigure = typeof ChannelFigureSchema.infer;
export const SentimentCountsSchema = type({ neutral: "number", positive: "number", negative: "number" });
export type SentimentCounts = typeof SentimentCountsSchema.infer;
export const ProjectSentimentSchema = SentimentCountsSchema.and({ project_id: "number" });
export type ProjectSentiment = typeof ProjectSentimentSchema.infer;
const TermCountSchema = type({ term: "string", count: "number" });
export type TermCount = typeof TermCountSchema.infer;
export const TopWordsSchema = type({ words: TermCountSchema.array(), hashtags: TermCountSchema.array() });
export type TopWords = typeof TopWordsSchema.infer;
export const TopSourceSchema = type({
  source_name: "string",
  channel_id: "number",
  source_url: "string | null",
  total_mention: "number",
  total_interaction: "number",
});
export type TopSource = typeof TopSourceSchema.infer;
export const TopSourcesSchema = type({ by_mentions: TopSourceSchema.array(), by_interactions: TopSourceSchema.array() });
export type TopSources = typeof TopSourcesSchema.infer;
export const ProjectComparisonSchema = ProjectSentimentSchema.and({
  total_mention: "number",
  share_of_voice: "number",
  total_interaction: "number",
});
export type ProjectComparison = typeof ProjectComparisonSchema.infer;

/** Where a project's data stands (GET /api/project/data-status), for a dashboard that has none yet. */
export const DataStatusSchema = type({
  collecting: type("boolean").describe(
    "collectors poll the public sources on this server; when they do not, no keyword can find anything new",
  ),
  last_collected_at: type("string | null").describe("the last successful round of any source, null when none has run"),
  projects: type({ id: "number", name: "string", mentions: "number", latest_at: "string | null" })
    .array()
    .describe("the brand project first, then its competitors: mentions in any period, and the newest one's time"),
  keywords_set_at: type("string").describe("when the keywords were last set: the onboarding scan searched the data on hand then"),
  looked_back_at: type("string | null").describe("when the collectors looked back for those keywords; null while they have not"),
  api_keys: type("number").describe("the account's ingest API keys in use"),
  demo_available: type("boolean").describe("this server holds the demo account (a dashboard of sample data) that support can show"),
});
export type DataStatus = typeof DataStatusSchema.infer;

/** A mention as spec §2 shows it. */
export const MentionSchema = type({
  id: "number",
  project_id: "number",
  channel_id: "number",
  platform: "string",
  mention_type: type.enumerated(...Object.values(MENTION_TYPE)),
  parent_external_id: "string | null",
  url: type("string | null").describe("the original's web address; null when there is none to open (an imported clipping, a demo sample)"),
  is_sample: type("boolean").describe("generated demo data: a sample, not something anyone wrote"),
  title: "string | null",
  content: "string",
  published_at: "Date",
  source_name: "string",
  source_url: "string | null",
  author_name: "string | null",
  author_url: "string | null",
  author_followers: "number | null",
  author_age_range: "string | null",
  author_job: "string | null",
  author_province: "string | null",
  likes: "number",
  shares: "number",
  comments: "number",
  views: "number",
  interactions: "number",
  rating: "number | null",
  ecommerce_source: type.enumerated(ECOMMERCE_SOURCE.shopee, ECOMMERCE_SOURCE.tiktok).or("null"),
  hashtags: "string[]",
  sentiment,
  sentiment_source: "'model' | 'manual'",
  status: type.enumerated(...Object.values(MENTION_STATUS)),
  sub_brand_id: "number | null",
  service_id: "number | null",
  is_noise: "boolean",
  story_id: type("number | null").describe(
    "the story (near-duplicate copies) the mention's document belongs to; null until the story backfill reaches it",
  ),
});
export type Mention<Time = string> = AtTime<typeof MentionSchema.infer, Time>;
const page = { total: "number", page: "number", per_page: "number" } as const;
export const MentionPageSchema = type({ data: MentionSchema.array(), ...page });
export type MentionPage<Time = string> = AtTime<typeof MentionPageSchema.infer, Time>;
/** A mention shown for its story (overview cards): `story_copies` counts the story's mentions among the filtered ones. */
export const StoryMentionSchema = MentionSchema.and({ story_copies: "number" });
export type StoryMention<Time = string> = AtTime<typeof StoryMentionSchema.infer, Time>;
/** One story in the mention list grouped by story: the filtered copies in one project, shown by one of them. */
export const StoryItemSchema = type({
  story_id: "number | null",
  project_id: "number",
  copies: "number",
  channel_ids: "number[]",
  first_published_at: "Date",
  latest_published_at: "Date",
  mention: MentionSchema,
});
export type StoryItem<Time = string> = AtTime<typeof StoryItemSchema.infer, Time>;
export const StoryPageSchema = type({ data: StoryItemSchema.array(), ...page });
export type StoryPage<Time = string> = AtTime<typeof StoryPageSchema.infer, Time>;
/** GET /api/mention/index: mentions, or with group=story stories. */
export const MentionListSchema = MentionPageSchema.or(StoryPageSchema);
/** A story's mentions in one project (GET /api/mention/story/{id}), newest first. */
export const StoryMentionsSchema = MentionPageSchema.and({ story_id: "number" });
export type StoryMentions<Time = string> = AtTime<typeof StoryMentionsSchema.infer, Time>;
export type MentionChanges = Partial<Pick<Mention, "sentiment" | "status" | "sub_brand_id" | "service_id">>;
/**
 * `edit_id` names the change for an undo (null when nothing changed). `story`: after a change of one mention, how many
 * other mentions of its story in the project still differ from it (null when none), for "apply to the story".
 */
export const MentionsUpdatedSchema = type({
  updated: "number",
  edit_id: "number | null",
  story: type({ id: "number", others: "number" }).or("null"),
  mentions: MentionSchema.pick("id", "sentiment", "sentiment_source", "status")
    .array()
    .describe("the asked mentions as they now are (a sentiment set back to the system's reading also restores the status)"),
});
export type MentionsUpdated = typeof MentionsUpdatedSchema.infer;
const reading = type({ label: sentiment, scores: ["number", "number", "number"] });
/**
 * Why the model reads a mention as it does: its reading of the text the mention's sentiment is read from (the title and
 * the windows about the project), the class probabilities [neutral, positive, negative], whether a person set the
 * mention's sentiment by hand, and the words and phrases (normalized: lower case) that pushed the reading most, strongest
 * first. `read_as` says whose voice the channel and kind made it read as (a consumer's, news, or either: the words
 * decide); a review's stars (`rating`) are evidence beside the words, and `words_alone` is what the words read without them.
 */
export const SentimentReasonsSchema = reading.and({
  source: "'model' | 'manual'",
  top: type({ text: "string", weight: "number" }).array(),
  read_as: "'consumer' | 'news' | 'either'",
  rating: "number | null",
  words_alone: reading.or("null"),
});
export type SentimentReasons = typeof SentimentReasonsSchema.infer;
export const MentionsRestoredSchema = type({ restored: "number", edit_id: "number | null" });
export type MentionsRestored = typeof MentionsRestoredSchema.infer;
/** A project's sub brand or service. */
export const NamedItemSchema = type({ id: "number", name: "string" });
export type NamedItem = typeof NamedItemSchema.infer;
