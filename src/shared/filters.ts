import type { MENTION_GROUPS, SortOption } from "./mention.ts";

/** Query-string keys that mirror the dashboard filters (spec §9), so a link reproduces a view. */
export const FILTER_QUERY_KEYS = [
  "channel_id",
  "channel_ids",
  "sentiment_ids",
  "start_date",
  "end_date",
  "type_time",
  "status",
  "search",
  "page",
  "summary_sort",
  "mention_type",
  "mention_status",
  "sub_brand",
  "service_id",
  "type_ecommerce",
  "group",
  // Drill-down from a widget (one crisis, one author, one province's authors, one story, one source, one chart bucket).
  "incident_id",
  "author_id",
  "province",
  "story_id",
  "source",
  "bucket",
] as const;

export const TIME_PRESETS = [
  "this-week",
  "last-week",
  "last-month",
  "custom",
  "last-24h",
  "yesterday",
  "hour",
  "day",
  "week",
  "month",
  "today",
  "this-month",
  // The export's "3 months ago" (spec §2), so screens and export read one list of periods.
  "3-months-ago",
] as const;
export type TimePreset = (typeof TIME_PRESETS)[number];

/** What the API assumes for a filter the query leaves out, and what the screens start from. */
export const FILTER_DEFAULTS = {
  type_time: "month",
  page: 1,
  summary_sort: "time",
  group: "mention",
} as const satisfies { type_time: TimePreset; page: number; summary_sort: SortOption; group: (typeof MENTION_GROUPS)[number] };

/** Export ranges (spec §2 Export). */
export const EXPORT_RANGES = [
  "last-24h",
  "today",
  "yesterday",
  "this-week",
  "last-week",
  "this-month",
  "last-month",
  "custom",
  "3-months-ago",
] as const satisfies readonly TimePreset[];
export type ExportRange = (typeof EXPORT_RANGES)[number];

/** Audience screens offer only these two (spec §2 Audience). */
export const AUDIENCE_TIME_PRESETS = ["last-month", "this-month"] as const satisfies readonly TimePreset[];
