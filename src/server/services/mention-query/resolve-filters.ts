import { ACCOUNT_TYPE } from "../../../shared/account.ts";
import { CHANNELS } from "../../../shared/channels.ts";
import { FILTER_DEFAULTS } from "../../../shared/filters.ts";
import type { ProvinceCode } from "../../../shared/provinces.ts";
import type { DashboardQueryInput } from "../../../shared/schemas/dashboard.ts";
import {
  BUCKET_MS,
  bucketStarts,
  dateRange,
  granularityFor,
  presetRange,
  previousRange,
  type Granularity,
  type TimeRange,
} from "../../../shared/time-range.ts";
import { AppError } from "../../errors.ts";
import type { Deps } from "../../deps.ts";
import type { AuthUser } from "../auth/index.ts";
import { crisisRange, findIncident } from "../incident-lookup/index.ts";
import { loadProjectTree, projectIds } from "../projects/index.ts";
import { userChannelIds } from "../users/index.ts";

export type Filters = {
  /** The projects asked for, all owned by the caller; the first is the main one. */
  projectIds: number[];
  range: TimeRange;
  /** The clock when the filters were read: charts end with the bucket holding it. */
  now: Date;
  previous: TimeRange;
  granularity: Granularity;
  channels: number[];
  sentiments: number[] | null;
  mentionType: number | null;
  status: number | null;
  ecommerce: number | null;
  subBrand: number | null;
  service: number | null;
  search: string | null;
  /** Only the mentions attached to this incident: a crisis's own mentions (services/crisis/crisis-mentions.ts). */
  incident: number | null;
  /**
   * Drill-down: one author's mentions, those of the authors of one province, one story's, one source's (with its channel
   * in `channels`).
   */
  author: number | null;
  province: ProvinceCode | null;
  story: number | null;
  source: string | null;
  /** Trial accounts see noise filtered out ("AI filters", spec §1). */
  hideNoise: boolean;
  page: number;
  sort: NonNullable<DashboardQueryInput["summary_sort"]>;
  limit: number;
  /** The mention list: one item per mention, or per story. */
  group: NonNullable<DashboardQueryInput["group"]>;
};

/**
 * Turns query parameters into filters the caller may use: projects must be the caller's own (anything else is not
 * found), channels are limited to the account's channels, the period comes from a preset or dates in Vietnam time.
 */
export async function resolveFilters(deps: Deps, user: AuthUser, query: DashboardQueryInput): Promise<Filters> {
  const tree = await loadProjectTree(deps.db, user.id);
  if (!tree) throw AppError.of(404, "project.not_found");
  const owned = new Set(projectIds(tree));
  const named = query.project_ids?.length ? query.project_ids : query.project_id ? [query.project_id] : null;
  if (named?.some((id) => !owned.has(id))) throw AppError.of(404, "project.not_found");

  const now = deps.now();
  // A crisis's mentions are those of its project over its own period, whatever period the screen had.
  const incident = query.incident_id ? await findIncident(deps, user, query.incident_id) : null;
  if (incident && named && !named.includes(incident.project_id)) throw AppError.of(404, "incident.not_found");
  const asked = incident ? [incident.project_id] : (named ?? [tree.brand.id]);
  const period = incident
    ? await crisisRange(deps.db, incident, now)
    : query.start_date && query.end_date
      ? dateRange(query.start_date, query.end_date)
      : presetRange(query.type_time && query.type_time !== "custom" ? query.type_time : FILTER_DEFAULTS.type_time, now);
  if (period.end <= period.start) throw AppError.of(422, "validation.format", undefined, "end_date");
  const range = query.bucket ? chartBucket(period, query.bucket, now) : period;
  const allowed = await userChannelIds(deps.db, user.id);
  const wanted = query.channel_ids?.length ? query.channel_ids : query.channel_id ? [query.channel_id] : allowed;
  return {
    projectIds: asked,
    range,
    now,
    previous: previousRange(range),
    granularity: granularityFor(period),
    channels: wanted.filter((id) => allowed.includes(id)),
    sentiments: query.sentiment_ids?.length ? query.sentiment_ids : null,
    mentionType: query.mention_type ?? null,
    status: query.mention_status ?? query.status ?? null,
    ecommerce: query.type_ecommerce ? query.type_ecommerce : null,
    subBrand: query.sub_brand ?? null,
    service: query.service_id ?? null,
    search: query.search?.trim() || null,
    incident: incident?.id ?? null,
    author: query.author_id ?? null,
    province: query.province ?? null,
    story: query.story_id ?? null,
    source: query.source ?? null,
    hideNoise: user.accountType !== ACCOUNT_TYPE.contracted,
    page: query.page ?? FILTER_DEFAULTS.page,
    sort: query.summary_sort ?? FILTER_DEFAULTS.summary_sort,
    limit: query.limit ?? 10,
    group: query.group ?? FILTER_DEFAULTS.group,
  };
}

/**
 * One bucket of the period's chart (the axis rule of bucketStarts): the range a chart point counts. A start that is not
 * one of the chart's buckets is refused rather than read as some other range.
 */
function chartBucket(period: TimeRange, bucket: string, now: Date): TimeRange {
  const granularity = granularityFor(period);
  const start = bucketStarts(period, granularity, now).find((s) => s.toISOString() === bucket);
  if (!start) throw AppError.of(422, "validation.invalid", undefined, "bucket");
  return { start, end: new Date(Math.min(start.getTime() + BUCKET_MS[granularity], period.end.getTime())) };
}

/** Filters the hourly counters can answer; the others need the mentions themselves. */
export function rollupsSuffice(filters: Filters): boolean {
  return (
    filters.mentionType === null &&
    filters.status === null &&
    filters.ecommerce === null &&
    filters.subBrand === null &&
    filters.service === null &&
    filters.search === null &&
    filters.incident === null &&
    filters.author === null &&
    filters.province === null &&
    filters.story === null &&
    filters.source === null
  );
}

/**
 * The channels to filter on (none allowed: an impossible one), or null when every channel is wanted: that condition
 * would only cost, keeping an index without the channel from answering a query alone.
 */
export function channelsToFilter(filters: Filters): number[] | null {
  if (filters.channels.length === 0) return [-1];
  return new Set(filters.channels).size === CHANNELS.length ? null : filters.channels;
}
