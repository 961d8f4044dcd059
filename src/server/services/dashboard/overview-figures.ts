import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { topWords } from "../../nlp/top-words.ts";
import { COUNTER_KEYS, countersBy, emptyCounters, type Counters } from "./counters.ts";
import { mentionScope } from "./mention-scope.ts";
import { rollupsSuffice, type Filters } from "./resolve-filters.ts";
import { mentionSeries } from "./time-series.ts";

/** The seven counters for the period, the previous equal period, and the change in percent (null when it was 0). */
export async function getStats(db: Kysely<Database>, filters: Filters) {
  const [current] = await countersBy(db, filters, filters.range, null);
  const [previous] = await countersBy(db, filters, filters.previous, null);
  const now: Counters = current ?? emptyCounters();
  const before: Counters = previous ?? emptyCounters();
  const change = Object.fromEntries(COUNTER_KEYS.map((k) => [k, before[k] === 0 ? null : Math.round(((now[k] - before[k]) / before[k]) * 10_000) / 100]));
  return { ...pick(now), previous: pick(before), change };
}

const pick = (c: Counters): Counters => Object.fromEntries(COUNTER_KEYS.map((k) => [k, c[k]])) as Counters;

/** Mentions over time, one series per project (brand and competitors). */
export const trendDiscuss = (db: Kysely<Database>, filters: Filters) => mentionSeries(db, filters, "project_id", filters.projectIds);

/** Mentions over time per sentiment (neutral, positive, negative). */
export const trendSentiment = (db: Kysely<Database>, filters: Filters) => mentionSeries(db, filters, "sentiment", [0, 1, 2]);

/** Mentions and interactions per channel. */
export async function numberMention(db: Kysely<Database>, filters: Filters) {
  const rows = await countersBy(db, filters, filters.range, "channel");
  return rows
    .map((r) => ({ channel_id: r.key, total_mention: r.total_mention, total_interaction: r.total_like + r.total_share + r.total_comment }))
    .sort((a, b) => b.total_mention - a.total_mention || a.channel_id - b.channel_id);
}

/** Sentiment counts per project. */
export async function sentimentByProjects(db: Kysely<Database>, filters: Filters) {
  const result = [];
  for (const projectId of filters.projectIds) {
    const rows = await countersBy(db, filters, filters.range, "sentiment", [projectId]);
    const count = (s: number) => rows.find((r) => r.key === s)?.total_mention ?? 0;
    result.push({ project_id: projectId, neutral: count(0), positive: count(1), negative: count(2) });
  }
  return result;
}

/** Keywords and hashtags of the most recent 3,000 mentions in scope (stop words, numbers and URL pieces excluded). */
export async function getTopWords(db: Kysely<Database>, filters: Filters) {
  const rows = await mentionScope(db, filters, filters.range).select(["d.title", "d.content"]).orderBy("m.published_at", "desc").limit(3000).execute();
  return topWords(rows.map((r) => `${r.title ?? ""}\n${r.content}`), { limit: 50 });
}

const DAY_MS = 86_400_000;
const isVietnamMidnight = (date: Date) => (date.getTime() + 7 * 3_600_000) % DAY_MS === 0;

/** The sources (site, page, group, channel) with the most mentions, and with the most interactions. */
export async function topSources(db: Kysely<Database>, filters: Filters) {
  if (rollupsSuffice(filters) && isVietnamMidnight(filters.range.start) && isVietnamMidnight(filters.range.end)) return topSourcesFromDaily(db, filters);
  const grouped = () =>
    mentionScope(db, filters, filters.range)
      .select([
        "d.source_name as source_name",
        "m.channel as channel_id",
        sql<string | null>`max(d.source_url)`.as("source_url"),
        sql<number>`count(*)::bigint`.as("total_mention"),
        sql<number>`coalesce(sum(d.likes + d.shares + d.comments), 0)::bigint`.as("total_interaction"),
      ])
      .groupBy(["d.source_name", "m.channel"]);
  const toNumbers = <T extends { total_mention: number; total_interaction: number }>(rows: T[]) =>
    rows.map((r) => ({ ...r, total_mention: Number(r.total_mention), total_interaction: Number(r.total_interaction) }));
  return {
    by_mentions: toNumbers(await grouped().orderBy("total_mention", "desc").orderBy("d.source_name").limit(filters.limit).execute()),
    by_interactions: toNumbers(await grouped().orderBy("total_interaction", "desc").orderBy("d.source_name").limit(filters.limit).execute()),
  };
}

/** Spec "compare view": share of voice, sentiment and interactions side by side for the chosen projects. */
export async function compareProjects(db: Kysely<Database>, filters: Filters) {
  const counters = await countersBy(db, filters, filters.range, "project_id");
  const sentiments = await sentimentByProjects(db, filters);
  const total = counters.reduce((sum, c) => sum + c.total_mention, 0);
  return filters.projectIds.map((projectId) => {
    const c = counters.find((row) => row.key === projectId) ?? { ...emptyCounters(), key: projectId };
    return {
      ...sentiments.find((s) => s.project_id === projectId)!,
      total_mention: c.total_mention,
      share_of_voice: total === 0 ? 0 : c.total_mention / total,
      total_interaction: c.total_like + c.total_share + c.total_comment,
    };
  });
}

/** Whole-day periods without mention-level filters: the daily per-source counters answer at once. */
async function topSourcesFromDaily(db: Kysely<Database>, filters: Filters) {
  const grouped = () => {
    let query = db
      .selectFrom("mention_sources_daily as s")
      .select([
        "s.source_name",
        "s.channel as channel_id",
        sql<string | null>`null`.as("source_url"),
        sql<number>`sum(s.mentions)::bigint`.as("total_mention"),
        sql<number>`sum(s.interactions)::bigint`.as("total_interaction"),
      ])
      .where("s.project_id", "in", filters.projectIds)
      .where("s.day", ">=", filters.range.start)
      .where("s.day", "<", filters.range.end)
      .where("s.channel", "in", filters.channels.length > 0 ? filters.channels : [-1])
      .groupBy(["s.source_name", "s.channel"])
      .having(sql`sum(s.mentions)`, ">", 0);
    if (filters.hideNoise) query = query.where("s.is_noise", "=", false);
    if (filters.sentiments) query = query.where("s.sentiment", "in", filters.sentiments);
    return query;
  };
  const toNumbers = <T extends { total_mention: number; total_interaction: number }>(rows: T[]) =>
    rows.map((r) => ({ ...r, total_mention: Number(r.total_mention), total_interaction: Number(r.total_interaction) }));
  return {
    by_mentions: toNumbers(await grouped().orderBy("total_mention", "desc").orderBy("s.source_name").limit(filters.limit).execute()),
    by_interactions: toNumbers(await grouped().orderBy("total_interaction", "desc").orderBy("s.source_name").limit(filters.limit).execute()),
  };
}
