import type { EcommerceSource, MentionStatus, MentionType } from "./mention.ts";
import type { Granularity } from "./time-range.ts";

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
export type Counters = Record<CounterKey, number>;
/** Counters of the period, of the equal period before, and the change in percent (null when the previous value was 0). */
export type DashboardStats = Counters & { previous: Counters; change: Record<CounterKey, number | null> };

/** One series per project or sentiment (`key`), one value per bucket; buckets are ISO instants. */
export type TimeSeries = { granularity: Granularity; buckets: string[]; series: { key: number; values: number[] }[] };
export type ChannelFigure = { channel_id: number; total_mention: number; total_interaction: number };
export type SentimentCounts = { neutral: number; positive: number; negative: number };
export type ProjectSentiment = SentimentCounts & { project_id: number };
export type TermCount = { term: string; count: number };
export type TopWords = { words: TermCount[]; hashtags: TermCount[] };
export type TopSource = {
  source_name: string;
  channel_id: number;
  source_url: string | null;
  total_mention: number;
  total_interaction: number;
};
export type TopSources = { by_mentions: TopSource[]; by_interactions: TopSource[] };
export type ProjectComparison = ProjectSentiment & { total_mention: number; share_of_voice: number; total_interaction: number };

/** Where a project's data stands (GET /api/project/data-status), for a dashboard that has none yet. */
export type DataStatus = {
  /** Collectors poll the public sources on this server; when they do not, no keyword can find anything new. */
  collecting: boolean;
  /** The last successful round of any source, null when none has run. */
  last_collected_at: string | null;
  /** The brand project first, then its competitors: mentions in any period, and the newest one's time. */
  projects: { id: number; name: string; mentions: number; latest_at: string | null }[];
  /** When the keywords were last set: the onboarding scan searched the data on hand then. */
  keywords_set_at: string;
  /** When the collectors looked back for those keywords; null while they have not. */
  looked_back_at: string | null;
  /** The account's ingest API keys in use. */
  api_keys: number;
  /** This server holds the demo account (a dashboard of sample data) that support can show. */
  demo_available: boolean;
};

/** A mention as spec §2 shows it; `Time` is a Date on the server and the ISO string JSON makes of it in the browser. */
export type Mention<Time = string> = {
  id: number;
  project_id: number;
  channel_id: number;
  platform: string;
  mention_type: MentionType;
  parent_external_id: string | null;
  /** The original's web address; null when there is none to open (an imported clipping, a demo sample). */
  url: string | null;
  /** Generated demo data: a sample, not something anyone wrote. */
  is_sample: boolean;
  title: string | null;
  content: string;
  published_at: Time;
  source_name: string;
  source_url: string | null;
  author_name: string | null;
  author_url: string | null;
  author_followers: number | null;
  author_age_range: string | null;
  author_job: string | null;
  author_province: string | null;
  likes: number;
  shares: number;
  comments: number;
  views: number;
  interactions: number;
  rating: number | null;
  ecommerce_source: Exclude<EcommerceSource, 0> | null;
  hashtags: string[];
  sentiment: 0 | 1 | 2;
  sentiment_source: "model" | "manual";
  status: MentionStatus;
  sub_brand_id: number | null;
  service_id: number | null;
  is_noise: boolean;
  /** The story (near-duplicate copies) the mention's document belongs to; null until the story backfill reaches it. */
  story_id: number | null;
};
export type MentionPage<Time = string> = { data: Mention<Time>[]; total: number; page: number; per_page: number };
/** A mention shown for its story (overview cards): `story_copies` counts the story's mentions among the filtered ones. */
export type StoryMention<Time = string> = Mention<Time> & { story_copies: number };
/** One story in the mention list grouped by story: the filtered copies in one project, shown by one of them. */
export type StoryItem<Time = string> = {
  story_id: number | null;
  project_id: number;
  copies: number;
  channel_ids: number[];
  first_published_at: Time;
  latest_published_at: Time;
  mention: Mention<Time>;
};
export type StoryPage<Time = string> = { data: StoryItem<Time>[]; total: number; page: number; per_page: number };
/** A story's mentions in one project (GET /api/mention/story/{id}), newest first. */
export type StoryMentions<Time = string> = MentionPage<Time> & { story_id: number };
export type MentionChanges = Partial<Pick<Mention, "sentiment" | "status" | "sub_brand_id" | "service_id">>;
/**
 * `edit_id` names the change for an undo (null when nothing changed). `story`: after a change of one mention, how many
 * other mentions of its story in the project still differ from it (null when none), for "apply to the story".
 */
export type MentionsUpdated = {
  updated: number;
  edit_id: number | null;
  story: { id: number; others: number } | null;
  /** The asked mentions as they now are (a sentiment set back to the system's reading also restores the status). */
  mentions: Pick<Mention, "id" | "sentiment" | "sentiment_source" | "status">[];
};
/**
 * Why the model reads a mention as it does: its reading of the text the mention's sentiment is read from (the title and
 * the windows about the project), the class probabilities [neutral, positive, negative], whether a person set the
 * mention's sentiment by hand, and the words and phrases (normalized: lower case) that pushed the reading most, strongest first.
 */
export type SentimentReasons = {
  label: 0 | 1 | 2;
  scores: [number, number, number];
  source: "model" | "manual";
  top: { text: string; weight: number }[];
};
export type MentionsRestored = { restored: number; edit_id: number | null };
/** A project's sub brand or service. */
export type NamedItem = { id: number; name: string };
