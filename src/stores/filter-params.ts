import { type } from "arktype";
import type { QueryParams } from "../client/api.ts";
import { FILTER_DEFAULTS, FILTER_QUERY_KEYS, type TimePreset } from "../shared/filters.ts";
import { ECOMMERCE_SOURCE } from "../shared/mention.ts";
import { DashboardQuery, type DashboardQueryInput } from "../shared/schemas/dashboard.ts";
import { isCalendarDate } from "../shared/schemas/fields.ts";

type Query = Required<DashboardQueryInput>;
type NullableKey =
  | "start_date"
  | "end_date"
  | "mention_type"
  | "mention_status"
  | "type_ecommerce"
  | "sub_brand"
  | "service_id"
  | "incident_id"
  | "author_id"
  | "province"
  | "story_id"
  | "source"
  | "bucket";

/** The dashboard filters, named and typed as the API's query (spec §9). Empty lists and nulls mean "all". */
export type DashboardFilters = Pick<Query, "channel_ids" | "sentiment_ids" | "type_time" | "search" | "page" | "summary_sort" | "group"> & {
  [K in NullableKey]: Query[K] | null;
};

/** The API's own defaults; empty lists and nulls mean "all". */
export const DEFAULT_FILTERS: DashboardFilters = {
  ...FILTER_DEFAULTS,
  channel_ids: [],
  sentiment_ids: [],
  start_date: null,
  end_date: null,
  mention_type: null,
  mention_status: null,
  type_ecommerce: null,
  sub_brand: null,
  service_id: null,
  incident_id: null,
  author_id: null,
  province: null,
  story_id: null,
  source: null,
  bucket: null,
  search: "",
};

/** Periods the time filter offers, shortest first; "custom" opens the date inputs. */
export const TIME_FILTER_PRESETS = [
  "last-24h",
  "today",
  "yesterday",
  "week",
  "this-week",
  "last-week",
  "month",
  "this-month",
  "last-month",
  "3-months-ago",
  "custom",
] as const satisfies readonly TimePreset[];

/** The filters that make the period: a chart bucket belongs to one period and is dropped when it changes. */
export const PERIOD_KEYS = ["type_time", "start_date", "end_date"] as const;

/** A custom period needs both dates in order; anything else drops the dates. */
export function normalizeFilters(filters: DashboardFilters): DashboardFilters {
  const { start_date, end_date } = filters;
  const validDates = start_date !== null && end_date !== null && isCalendarDate(start_date) && isCalendarDate(end_date);
  if (filters.type_time === "custom" && validDates) {
    return start_date <= end_date ? filters : { ...filters, start_date: end_date, end_date: start_date };
  }
  const type_time = filters.type_time === "custom" ? DEFAULT_FILTERS.type_time : filters.type_time;
  return { ...filters, type_time, start_date: null, end_date: null };
}

const LIST_KEYS = ["channel_ids", "sentiment_ids"] as const;

/** A list keeps the ids the API would take one by one ("1,x,7" → "1"), so one bad id does not cost the others. */
function acceptedIds(key: (typeof LIST_KEYS)[number], list: string): string {
  return list
    .split(",")
    .filter((id) => !(DashboardQuery({ [key]: id }) instanceof type.errors))
    .join(",");
}

/** The parameters the API would take: those it refuses are dropped, and the rest read again until it takes them all. */
function withoutRefused(params: Record<string, string>): DashboardQueryInput {
  const parsed = DashboardQuery(params);
  if (!(parsed instanceof type.errors)) return parsed;
  const refused = new Set(parsed.map((problem) => String(problem.path[0])));
  const kept = Object.entries(params).filter(([key]) => !refused.has(key));
  return withoutRefused(kept.length < Object.keys(params).length ? Object.fromEntries(kept) : {});
}

/** The link's filter parameters as the API reads them; reversed dates are put in order rather than refused. */
function acceptedQuery(search: string): DashboardQueryInput {
  const link = new URLSearchParams(search);
  const params: Record<string, string> = {};
  for (const key of FILTER_QUERY_KEYS) {
    const value = link.get(key);
    if (value !== null) params[key] = value;
  }
  for (const key of LIST_KEYS) if (params[key]) params[key] = acceptedIds(key, params[key]);
  const { start_date, end_date } = params;
  if (start_date && end_date && start_date > end_date) Object.assign(params, { start_date: end_date, end_date: start_date });
  return withoutRefused(params);
}

/** Filters from a query string, read by the API's schema; what it would refuse falls back to the defaults, so any link opens a view. */
export function parseFilters(search: string): DashboardFilters {
  const query = acceptedQuery(search);
  const channel = query.channel_id === undefined ? [] : [query.channel_id];
  return normalizeFilters({
    channel_ids: [...(query.channel_ids?.length ? query.channel_ids : channel)].sort((a, b) => a - b),
    sentiment_ids: [...(query.sentiment_ids ?? [])].sort((a, b) => a - b),
    type_time: query.type_time ?? (query.start_date && query.end_date ? "custom" : DEFAULT_FILTERS.type_time),
    start_date: query.start_date ?? null,
    end_date: query.end_date ?? null,
    mention_type: query.mention_type ?? null,
    mention_status: query.mention_status ?? query.status ?? null,
    // 0 is "all" sources, which the API reads as no filter.
    type_ecommerce: query.type_ecommerce === undefined || query.type_ecommerce === ECOMMERCE_SOURCE.all ? null : query.type_ecommerce,
    sub_brand: query.sub_brand ?? null,
    service_id: query.service_id ?? null,
    incident_id: query.incident_id ?? null,
    author_id: query.author_id ?? null,
    province: query.province ?? null,
    story_id: query.story_id ?? null,
    source: query.source ?? null,
    bucket: query.bucket ?? null,
    search: query.search?.trim() ?? "",
    page: query.page ?? DEFAULT_FILTERS.page,
    summary_sort: query.summary_sort ?? DEFAULT_FILTERS.summary_sort,
    group: query.group ?? DEFAULT_FILTERS.group,
  });
}

/** The filters that differ from the defaults, as query pairs in the spec's key order. */
function changedPairs(filters: DashboardFilters): [string, string][] {
  const pairs: [string, string][] = [];
  for (const key of FILTER_QUERY_KEYS) {
    if (!(key in filters)) continue;
    const value = filters[key as keyof DashboardFilters];
    const fallback = DEFAULT_FILTERS[key as keyof DashboardFilters];
    if (Array.isArray(value)) {
      if (value.length > 0) pairs.push([key, value.join(",")]);
    } else if (value !== null && value !== "" && value !== fallback) {
      pairs.push([key, String(value)]);
    }
  }
  return pairs;
}

/** How many filters narrow the view (the search, the order and the page are not filters here): the filter button's badge. */
export function activeFilterCount(filters: DashboardFilters): number {
  const narrowing = [
    filters.channel_ids.length > 0,
    filters.sentiment_ids.length > 0,
    filters.type_time !== DEFAULT_FILTERS.type_time,
    filters.mention_type !== null,
    filters.mention_status !== null,
    filters.type_ecommerce !== null,
    filters.sub_brand !== null,
    filters.service_id !== null,
    filters.incident_id !== null,
    filters.author_id !== null,
    filters.province !== null,
    filters.story_id !== null,
    filters.source !== null,
    filters.bucket !== null,
  ];
  return narrowing.filter(Boolean).length;
}

/** "?type_time=today&page=2", or "" for the default view. */
export function filtersToSearch(filters: DashboardFilters): string {
  const search = new URLSearchParams(changedPairs(filters)).toString();
  return search ? `?${search}` : "";
}

/**
 * The API query for the filters. A route slug's channels (`scope`) bound the channel choice; with nothing chosen
 * inside them, the whole scope is asked for. Without a scope and a choice, the server takes all the account's channels.
 */
export function apiParams(filters: DashboardFilters, scope: readonly number[] | null): QueryParams {
  const chosen = scope ? filters.channel_ids.filter((id) => scope.includes(id)) : filters.channel_ids;
  const channels = chosen.length > 0 ? chosen : [...(scope ?? [])];
  const params: QueryParams = Object.fromEntries(changedPairs({ ...filters, channel_ids: channels, type_time: DEFAULT_FILTERS.type_time }));
  params.type_time = filters.type_time;
  return params;
}

/** The period part of the filters: a preset, with both dates for a custom period. */
export type Period = Pick<DashboardFilters, "type_time" | "start_date" | "end_date">;

/** The export's query is the list's own (the same filters, spec §9), for the period chosen in the dialog and without the page. */
export function exportParams(filters: DashboardFilters, scope: readonly number[] | null, period: Period): QueryParams {
  // A chart point is a bucket of the list's own period; another period has other buckets.
  const samePeriod = PERIOD_KEYS.every((key) => period[key] === filters[key]);
  const { page: _page, ...params } = apiParams(
    normalizeFilters({ ...filters, ...period, bucket: samePeriod ? filters.bucket : null }),
    scope,
  );
  return params;
}
