import type { Kysely } from "kysely";
import {
  COUNTER_KEYS,
  type ChannelFigure,
  type Counters,
  type DashboardStats,
  type ProjectComparison,
  type ProjectSentiment,
  type TermCount,
  type TimeSeries,
  type TopSources,
  type TopWords,
} from "../../../shared/api-types.ts";
import { searchKey } from "../../../shared/vietnamese.ts";
import type { Database } from "../../db/schema.ts";
import { buildMatcher, type Matcher } from "../../nlp/match.ts";
import { topWords } from "../../nlp/top-words.ts";
import {
  countMentions,
  countersBy,
  emptyCounters,
  mentionScope,
  type Filters,
  sourceTallies,
  mentionSeries,
} from "../mention-query/index.ts";

/** The seven counters for the period, the previous equal period, and the change in percent (null when it was 0). */
export async function getStats(db: Kysely<Database>, filters: Filters): Promise<DashboardStats> {
  const [[current], [previous]] = await Promise.all([
    countersBy(db, filters, filters.range, null),
    countersBy(db, filters, filters.previous, null),
  ]);
  const now: Counters = current ?? emptyCounters();
  const before: Counters = previous ?? emptyCounters();
  const change = Object.fromEntries(
    COUNTER_KEYS.map((k) => [k, before[k] === 0 ? null : Math.round(((now[k] - before[k]) / before[k]) * 10_000) / 100]),
  ) as DashboardStats["change"];
  return { ...pick(now), previous: pick(before), change };
}

const pick = (c: Counters): Counters => Object.fromEntries(COUNTER_KEYS.map((k) => [k, c[k]])) as Counters;

/** Mentions over time, one series per project (brand and competitors). */
export const trendDiscuss = (db: Kysely<Database>, filters: Filters): Promise<TimeSeries> =>
  mentionSeries(db, filters, "project_id", filters.projectIds);

/** Mentions over time per sentiment (neutral, positive, negative). */
export const trendSentiment = (db: Kysely<Database>, filters: Filters): Promise<TimeSeries> =>
  mentionSeries(db, filters, "sentiment", [0, 1, 2]);

/** Mentions and interactions per channel. */
export async function numberMention(db: Kysely<Database>, filters: Filters): Promise<ChannelFigure[]> {
  const rows = await countersBy(db, filters, filters.range, "channel");
  return rows
    .map((r) => ({ channel_id: r.key, total_mention: r.total_mention, total_interaction: r.total_like + r.total_share + r.total_comment }))
    .sort((a, b) => b.total_mention - a.total_mention || a.channel_id - b.channel_id);
}

/** Sentiment counts per project (one query per project, side by side). */
export function sentimentByProjects(db: Kysely<Database>, filters: Filters): Promise<ProjectSentiment[]> {
  return Promise.all(
    filters.projectIds.map(async (projectId) => {
      const rows = await countersBy(db, filters, filters.range, "sentiment", [projectId]);
      const count = (s: number) => rows.find((r) => r.key === s)?.total_mention ?? 0;
      return { project_id: projectId, neutral: count(0), positive: count(1), negative: count(2) };
    }),
  );
}

/**
 * Keywords and hashtags of the most recent 3,000 mentions in scope (stop words, numbers and URL pieces excluded).
 * The projects' own keywords are cut out first: the cloud shows what people say about the brand, not its name.
 */
export async function getTopWords(db: Kysely<Database>, filters: Filters): Promise<TopWords> {
  const [rows, projects] = await Promise.all([
    mentionScope(db, filters, filters.range).select(["d.title", "d.content"]).orderBy("m.published_at", "desc").limit(3000).execute(),
    db.selectFrom("projects").select(["id", "keywords"]).where("id", "in", filters.projectIds).execute(),
  ]);
  const matcher = buildMatcher(projects.map((p) => ({ projectId: String(p.id), keywords: p.keywords })));
  return topWords(
    rows.map((r) => withoutMatches(matcher, `${r.title ?? ""}\n${r.content}`)),
    { limit: 50 },
  );
}

// The cloud shows on every overview load: each of its terms costs a count of the period's mentions.
const CLOUD_WORDS = 24;
const CLOUD_HASHTAGS = 12;

/**
 * The overview's cloud: the leading keywords and hashtags of the latest mentions (getTopWords), each numbered by the
 * mentions of the period that hold it, counted as the mention list counts its search, so a word opens a list of
 * exactly its number.
 */
export async function cloudWords(db: Kysely<Database>, filters: Filters): Promise<TopWords> {
  const { words, hashtags } = await getTopWords(db, filters);
  const counted = async (terms: TermCount[], most: number) => {
    // A term the search cannot find by (no letter or digit) would count every mention.
    const top = terms.filter((t) => searchKey(t.term) !== "").slice(0, most);
    const counts = await Promise.all(top.map((t) => countMentions(db, { ...filters, search: t.term })));
    return top
      .map((t, i) => ({ term: t.term, count: counts[i] }))
      .filter((t) => t.count > 0)
      .sort((a, b) => b.count - a.count);
  };
  return { words: await counted(words, CLOUD_WORDS), hashtags: await counted(hashtags, CLOUD_HASHTAGS) };
}

function withoutMatches(matcher: Matcher, text: string): string {
  const source = text.normalize("NFC");
  const spans = matcher.match(source).sort((a, b) => a.start - b.start);
  let kept = "";
  let from = 0;
  for (const span of spans) {
    if (span.start >= from) kept += `${source.slice(from, span.start)} , `;
    from = Math.max(from, span.end);
  }
  return kept + source.slice(from);
}

/** The sources (site, page, group, channel) with the most mentions, and with the most interactions. */
export async function topSources(db: Kysely<Database>, filters: Filters): Promise<TopSources> {
  const all = [...(await sourceTallies(db, filters)).values()].filter((s) => s.total_mention > 0);
  const top = (by: "total_mention" | "total_interaction") =>
    [...all]
      .sort((a, b) => b[by] - a[by] || a.source_name.localeCompare(b.source_name) || a.channel_id - b.channel_id)
      .slice(0, filters.limit);
  return { by_mentions: top("total_mention"), by_interactions: top("total_interaction") };
}

/** Spec "compare view": share of voice, sentiment and interactions side by side for the chosen projects. */
export async function compareProjects(db: Kysely<Database>, filters: Filters): Promise<ProjectComparison[]> {
  const [counters, sentiments] = await Promise.all([
    countersBy(db, filters, filters.range, "project_id"),
    sentimentByProjects(db, filters),
  ]);
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
