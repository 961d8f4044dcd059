import type { QueryParams } from "../../client/api.ts";
import { formatDate } from "../../shared/format.ts";
import { presetRange } from "../../shared/time-range.ts";

export const STATUS_CHOICES = ["all", "0", "1"] as const;
export const PERIOD_CHOICES = ["all", "week", "month", "3-months-ago", "custom"] as const;
export type StatusChoice = (typeof STATUS_CHOICES)[number];
export type PeriodChoice = (typeof PERIOD_CHOICES)[number];
export type ListFilters = { status: StatusChoice; period: PeriodChoice; start_date: string; end_date: string; page: number };

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = <T extends string>(choices: readonly T[], value: string | null, fallback: T): T =>
  choices.includes(value as T) ? (value as T) : fallback;

/** The list's filters from the address (status as the spec's 0/1, a period, dates for a custom one, the page). */
export function parseListFilters(search: string, now: Date): ListFilters {
  const params = new URLSearchParams(search);
  const period = oneOf(PERIOD_CHOICES, params.get("period"), "all");
  const today = formatDate(now);
  const start = params.get("start_date") ?? "";
  const end = params.get("end_date") ?? "";
  return {
    status: oneOf(STATUS_CHOICES, params.get("status"), "all"),
    period,
    start_date: DATE.test(start) ? start : formatDate(now.getTime() - 29 * 86_400_000),
    end_date: DATE.test(end) ? end : today,
    page: Math.max(1, Math.min(1000, Number.parseInt(params.get("page") ?? "1", 10) || 1)),
  };
}

export function listFiltersToSearch(filters: ListFilters): string {
  const params = new URLSearchParams();
  if (filters.status !== "all") params.set("status", filters.status);
  if (filters.period !== "all") params.set("period", filters.period);
  if (filters.period === "custom") {
    params.set("start_date", filters.start_date);
    params.set("end_date", filters.end_date);
  }
  if (filters.page > 1) params.set("page", String(filters.page));
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** The query of GET /api/incident/index: an incident belongs to a period it overlaps. */
export function listQuery(filters: ListFilters, projectId: number, limit: number, now: Date): QueryParams {
  const query: QueryParams = { project_id: projectId, page: filters.page, limit };
  if (filters.status !== "all") query.status = filters.status;
  if (filters.period === "custom") {
    query.start_date = filters.start_date;
    query.end_date = filters.end_date;
  } else if (filters.period !== "all") {
    const range = presetRange(filters.period, now);
    query.start_date = formatDate(range.start);
    query.end_date = formatDate(range.end.getTime() - 1);
  }
  return query;
}

export const isFiltered = (filters: ListFilters) => filters.status !== "all" || filters.period !== "all";
