import type { QueryParams } from "../client/api.ts";
import { FILTER_QUERY_KEYS, TIME_PRESETS, type ExportRange, type TimePreset } from "../shared/filters.ts";
import { SORT_OPTIONS, type SortOption } from "../shared/mention.ts";

/** The dashboard filters, named by their query keys (spec §9). Empty lists and nulls mean "all". */
export type DashboardFilters = {
  channel_ids: number[];
  sentiment_ids: number[];
  type_time: TimePreset;
  start_date: string | null;
  end_date: string | null;
  mention_type: number | null;
  mention_status: number | null;
  type_ecommerce: number | null;
  sub_brand: number | null;
  service_id: number | null;
  search: string;
  page: number;
  summary_sort: SortOption;
};

/** The API's own default period is the last 30 days ("month"). */
export const DEFAULT_FILTERS: DashboardFilters = {
  channel_ids: [],
  sentiment_ids: [],
  type_time: "month",
  start_date: null,
  end_date: null,
  mention_type: null,
  mention_status: null,
  type_ecommerce: null,
  sub_brand: null,
  service_id: null,
  search: "",
  page: 1,
  summary_sort: "time",
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
  "custom",
] as const satisfies readonly TimePreset[];

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function integer(raw: string | null, min: number, max: number): number | null {
  if (raw === null || !/^\d+$/.test(raw)) return null;
  const value = Number(raw);
  return value >= min && value <= max ? value : null;
}

function idList(raw: string | null): number[] {
  if (!raw) return [];
  const ids = raw.split(",").map((part) => integer(part.trim(), 0, Number.MAX_SAFE_INTEGER));
  return [...new Set(ids.filter((id): id is number => id !== null))].sort((a, b) => a - b);
}

function oneOf<T extends string>(raw: string | null, allowed: readonly T[], fallback: T): T {
  return allowed.includes(raw as T) ? (raw as T) : fallback;
}

/** A custom period needs both dates in order; anything else drops the dates. */
export function normalizeFilters(filters: DashboardFilters): DashboardFilters {
  const { start_date, end_date } = filters;
  const validDates = start_date !== null && end_date !== null && DATE.test(start_date) && DATE.test(end_date);
  if (filters.type_time === "custom" && validDates) {
    return start_date <= end_date ? filters : { ...filters, start_date: end_date, end_date: start_date };
  }
  const type_time = filters.type_time === "custom" ? DEFAULT_FILTERS.type_time : filters.type_time;
  return { ...filters, type_time, start_date: null, end_date: null };
}

/** Filters from a query string; unknown or malformed values fall back to the defaults, so any link opens a view. */
export function parseFilters(search: string): DashboardFilters {
  const query = new URLSearchParams(search);
  const hasDates = query.has("start_date") && query.has("end_date");
  const typeTime = query.get("type_time") ?? (hasDates ? "custom" : null);
  return normalizeFilters({
    channel_ids: idList(query.get("channel_ids") ?? query.get("channel_id")),
    sentiment_ids: idList(query.get("sentiment_ids")).filter((id) => id <= 2),
    type_time: oneOf(typeTime, TIME_PRESETS, DEFAULT_FILTERS.type_time),
    start_date: query.get("start_date"),
    end_date: query.get("end_date"),
    mention_type: integer(query.get("mention_type"), 0, 3),
    mention_status: integer(query.get("mention_status") ?? query.get("status"), 0, 3),
    type_ecommerce: integer(query.get("type_ecommerce"), 1, 2),
    sub_brand: integer(query.get("sub_brand"), 1, Number.MAX_SAFE_INTEGER),
    service_id: integer(query.get("service_id"), 1, Number.MAX_SAFE_INTEGER),
    search: query.get("search")?.trim() ?? "",
    page: integer(query.get("page"), 1, Number.MAX_SAFE_INTEGER) ?? 1,
    summary_sort: oneOf(query.get("summary_sort"), SORT_OPTIONS, DEFAULT_FILTERS.summary_sort),
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

/** The export takes the list's filters, with its own period instead of the list's (and without the page). */
export function exportParams(
  filters: DashboardFilters,
  scope: readonly number[] | null,
  range: ExportRange,
  dates: { start_date: string; end_date: string } | null,
): QueryParams {
  const { type_time: _time, start_date: _start, end_date: _end, page: _page, ...params } = apiParams(filters, scope);
  return range === "custom" && dates ? { ...params, range, ...dates } : { ...params, range };
}
