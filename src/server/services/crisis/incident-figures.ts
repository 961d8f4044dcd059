import { sql, type Kysely } from "kysely";
import type { TimeSeries } from "../../../shared/api-types.ts";
import type { Database } from "../../db/schema.ts";
import { cloudWords, getStats, numberMention, topSources, trendSentiment } from "../dashboard/index.ts";
import { countersBy, type Filters } from "../mention-query/index.ts";
import { hotMentions, latestMentions } from "../mentions/index.ts";
import { crisisStories } from "./describe-incident.ts";
import { firstDataHour } from "./first-data-hour.ts";
import { baselineAt, HOUR_MS, WEEKS } from "./spike-detector.ts";

/** The overview's figures over a crisis's mentions (crisisFilters): the dashboard's own computations, reused. */
export type IncidentFigure = (db: Kysely<Database>, filters: Filters) => Promise<unknown>;

export const incidentStats: IncidentFigure = (db, filters) => getStats(db, filters);

/**
 * The crisis's mentions per sentiment over its period (their sum is its mention count), and the negative mentions the
 * detector expected of the whole project in those hours: the line a surge is measured against.
 */
export const sentimentDevelopment: IncidentFigure = async (db, filters) => {
  const series = await trendSentiment(db, filters);
  return { ...series, baseline: await baselineSeries(db, filters, series) };
};

async function baselineSeries(db: Kysely<Database>, filters: Filters, series: TimeSeries): Promise<number[]> {
  const from = filters.range.start.getTime() - (WEEKS * 168 + 2) * HOUR_MS;
  const rows = await db
    .selectFrom("mention_rollups_hourly")
    .select(["hour", sql<number>`sum(mentions)`.as("mentions")])
    .where("project_id", "=", filters.projectIds[0])
    .where("sentiment", "=", 2)
    .where("is_noise", "=", false)
    .where("hour", ">=", new Date(from))
    .where("hour", "<", filters.range.end)
    .groupBy("hour")
    .execute();
  const hours = Math.ceil((filters.range.end.getTime() - from) / HOUR_MS);
  const counts = new Float64Array(hours);
  for (const row of rows) counts[(new Date(row.hour).getTime() - from) / HOUR_MS] = Number(row.mentions);
  const first = ((await firstDataHour(db, filters.projectIds[0])) ?? filters.range.end.getTime()) - from;
  const starts = series.buckets.map((b) => Date.parse(b));
  const values = starts.map(() => 0);
  for (let t = filters.range.start.getTime(); t < filters.range.end.getTime(); t += HOUR_MS) {
    let bucket = -1;
    while (bucket + 1 < starts.length && starts[bucket + 1] <= t) bucket += 1;
    if (bucket < 0) continue;
    values[bucket] += baselineAt(counts, (t - from) / HOUR_MS, first / HOUR_MS)?.expected ?? 0;
  }
  return values.map((v) => Math.round(v * 10) / 10);
}

/** Mentions per sentiment. */
export const indexSentiment: IncidentFigure = async (db, filters) => {
  const rows = await countersBy(db, filters, filters.range, "sentiment");
  const of = (s: number) => rows.find((r) => r.key === s)?.total_mention ?? 0;
  return { neutral: of(0), positive: of(1), negative: of(2) };
};

/** Mentions per channel and sentiment. */
export const indexSentimentChannel: IncidentFigure = async (db, filters) => {
  const channels = await numberMention(db, filters);
  const perSentiment = await Promise.all([0, 1, 2].map((s) => countersBy(db, { ...filters, sentiments: [s] }, filters.range, "channel")));
  const of = (s: number, channel: number) => perSentiment[s].find((r) => r.key === channel)?.total_mention ?? 0;
  return channels.map((c) => ({
    channel_id: c.channel_id,
    total_mention: c.total_mention,
    neutral: of(0, c.channel_id),
    positive: of(1, c.channel_id),
    negative: of(2, c.channel_id),
  }));
};

export const hotNegative: IncidentFigure = (db, filters) => hotMentions(db, { ...filters, sentiments: [2] });
export const newestHot: IncidentFigure = (db, filters) => latestMentions(db, filters);
export const trendingByInteraction: IncidentFigure = (db, filters) => hotMentions(db, filters);
export const hotPages: IncidentFigure = async (db, filters) => (await topSources(db, filters)).by_mentions;
/** The stories of the crisis's mentions, most copies first. */
export const hotTopics: IncidentFigure = (db, filters) => crisisStories(db, filters, filters.limit);
/** The overview's cloud over the crisis's mentions: each word numbered as the crisis's mention list counts its search. */
export const wordCloud: IncidentFigure = (db, filters) => cloudWords(db, filters);
