import { sql, type Kysely } from "kysely";
import type { TopSource } from "../../../shared/api-types.ts";
import type { TimeRange } from "../../../shared/time-range.ts";
import { vietnamMidnight } from "../../../shared/time-zone.ts";
import type { Database } from "../../db/schema.ts";
import { mentionScope } from "./mention-scope.ts";
import { channelsToFilter, rollupsSuffice, type Filters } from "./resolve-filters.ts";

const DAY_MS = 86_400_000;

/**
 * Mentions and interactions per source (site, page, group, channel) of the filtered mentions, keyed "channel|name":
 * what the top-sources widget ranks and what the mention list counts for one source, so the two cannot disagree.
 * Without mention-level filters, whole Vietnam days come from the daily per-source counters and only the partial days
 * at the edges of a rolling period are counted from mentions.
 */
export async function sourceTallies(db: Kysely<Database>, filters: Filters): Promise<Map<string, TopSource>> {
  const totals = new Map<string, TopSource>();
  const start = filters.range.start.getTime();
  const end = filters.range.end.getTime();
  const fullStart = vietnamMidnight(start) === start ? start : vietnamMidnight(start) + DAY_MS;
  const fullEnd = vietnamMidnight(end);
  const parts =
    rollupsSuffice({ ...filters, source: null }) && fullStart < fullEnd
      ? [
          sourcesFromDaily(db, filters, new Date(fullStart), new Date(fullEnd)),
          start < fullStart ? sourcesFromMentions(db, filters, { start: filters.range.start, end: new Date(fullStart) }) : [],
          fullEnd < end ? sourcesFromMentions(db, filters, { start: new Date(fullEnd), end: filters.range.end }) : [],
        ]
      : [sourcesFromMentions(db, filters, filters.range)];
  // The parts run side by side on separate connections.
  for (const rows of await Promise.all(parts)) {
    for (const row of rows) {
      const key = sourceKey(row);
      const seen = totals.get(key);
      totals.set(key, {
        ...row,
        source_url: seen?.source_url ?? row.source_url,
        total_mention: (seen?.total_mention ?? 0) + Number(row.total_mention),
        total_interaction: (seen?.total_interaction ?? 0) + Number(row.total_interaction),
      });
    }
  }
  return totals;
}

const sourceKey = (source: Pick<TopSource, "channel_id" | "source_name">) => `${source.channel_id}|${source.source_name}`;

function sourcesFromMentions(db: Kysely<Database>, filters: Filters, range: TimeRange): Promise<TopSource[]> {
  return mentionScope(db, filters, range)
    .select([
      "d.source_name as source_name",
      "m.channel as channel_id",
      sql<string | null>`max(d.source_url)`.as("source_url"),
      sql<number>`count(*)::bigint`.as("total_mention"),
      sql<number>`coalesce(sum(m.interactions), 0)::bigint`.as("total_interaction"),
    ])
    .groupBy(["d.source_name", "m.channel"])
    .execute();
}

function sourcesFromDaily(db: Kysely<Database>, filters: Filters, start: Date, end: Date): Promise<TopSource[]> {
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
    .where("s.day", ">=", start)
    .where("s.day", "<", end)
    .groupBy(["s.source_name", "s.channel"]);
  const channels = channelsToFilter(filters);
  if (channels) query = query.where("s.channel", "in", channels);
  if (filters.hideNoise) query = query.where("s.is_noise", "=", false);
  if (filters.sentiments) query = query.where("s.sentiment", "in", filters.sentiments);
  if (filters.source !== null) query = query.where("s.source_name", "=", filters.source);
  return query.execute();
}
