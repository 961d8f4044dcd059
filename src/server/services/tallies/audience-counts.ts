import { sql, type Selectable, type Transaction } from "kysely";
import type { AudienceCountsTable, AudienceMonthlyTable, Database } from "../../db/schema.ts";
import { arrayParam } from "../../db/array-param.ts";

/** An audience_monthly row as the upkeep's upsert returns it. */
export type AudienceRow = Omit<Selectable<AudienceMonthlyTable>, "sample">;

/** What the upsert added to a row (to a new row: all of it). */
export type RowChange = Pick<AudienceRow, "mentions" | "positive" | "neutral" | "negative" | "interactions">;

type Count = Omit<AudienceCountsTable, "sample">;

const DIMENSIONS: Count["dim"][] = ["all", "age", "job", "province", "new", "positive", "neutral", "negative", "multi"];

/** The value a row counts under in each dimension, in DIMENSIONS' order, as `audience_counts_add` (migrations 0014, 0025) expands it. */
const valuesOf = (row: AudienceRow): string[] => [
  "",
  row.age_range ?? "",
  row.job ?? "",
  row.province ?? "",
  row.first_month.getTime() >= row.month.getTime() ? "1" : "0",
  row.positive > 0 ? "1" : "0",
  row.neutral > 0 ? "1" : "0",
  row.negative > 0 ? "1" : "0",
  row.channels > 1 ? "1" : "0",
];

/**
 * The audience counts' changes for rows an upsert wrote, the same as the statement triggers would make: a new row
 * counts once, a changed one stops counting as it was (its values less the change; the upsert changes no attribute)
 * and counts as it is. Sorted as the triggers sort them, so writers lock the rows in one order.
 */
export function countChanges(written: { row: AudienceRow; created: boolean; change: RowChange }[]): Count[] {
  const counts = new Map<string, Count>();
  const add = (
    row: AudienceRow,
    d: number,
    value: string,
    authors: number,
    mentions: number,
    interactions: number,
    followers: number | null,
  ) => {
    const key = `${row.project_id}|${row.month.getTime()}|${row.channel}|${d}|${value}`;
    let count = counts.get(key);
    if (!count) {
      count = {
        project_id: row.project_id,
        month: row.month,
        channel: row.channel,
        dim: DIMENSIONS[d],
        value,
        authors: 0,
        mentions: 0,
        interactions: 0,
        followers: 0,
        followers_known: 0,
      };
      counts.set(key, count);
    }
    count.authors += authors;
    count.mentions += mentions;
    count.interactions += interactions;
    count.followers += authors * (followers ?? 0);
    count.followers_known += authors * (followers === null ? 0 : 1);
  };
  for (const { row, created, change } of written) {
    const now = valuesOf(row);
    if (created) {
      for (let d = 0; d < DIMENSIONS.length; d++) add(row, d, now[d], 1, row.mentions, row.interactions, row.followers);
      continue;
    }
    const before = valuesOf({
      ...row,
      positive: row.positive - change.positive,
      neutral: row.neutral - change.neutral,
      negative: row.negative - change.negative,
    });
    for (let d = 0; d < DIMENSIONS.length; d++) {
      // Under the same value the author stays counted: only the mentions and interactions move.
      if (before[d] === now[d]) add(row, d, now[d], 0, change.mentions, change.interactions, row.followers);
      else {
        add(row, d, before[d], -1, -(row.mentions - change.mentions), -(row.interactions - change.interactions), row.followers);
        add(row, d, now[d], 1, row.mentions, row.interactions, row.followers);
      }
    }
  }
  // Bytewise order of dimension and value, as the triggers' `collate "C"` (UTF-16 order is the bytes' order outside
  // the astral planes; an order that differed would risk a wait between writers, not a wrong count).
  const bytewise = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...counts.values()]
    .filter((c) => c.authors !== 0 || c.mentions !== 0 || c.interactions !== 0 || c.followers !== 0 || c.followers_known !== 0)
    .sort(
      (a, b) =>
        a.project_id - b.project_id ||
        a.month.getTime() - b.month.getTime() ||
        a.channel - b.channel ||
        bytewise(a.dim, b.dim) ||
        bytewise(a.value, b.value),
    );
}

/** Adds the changes to audience_counts, in the caller's transaction. */
export async function addCounts(trx: Transaction<Database>, counts: Count[]): Promise<void> {
  if (counts.length === 0) return;
  const column = (pick: (c: Count) => number | Date) => arrayParam(counts.map(pick));
  const text = (pick: (c: Count) => string) => sql.val(counts.map(pick));
  await sql`
    insert into audience_counts (project_id, sample, month, channel, dim, value, authors, mentions, interactions, followers, followers_known)
    select v.project_id, false, v.month, v.channel, v.dim, v.value, v.authors, v.mentions, v.interactions, v.followers, v.followers_known
    from unnest(${column((c) => c.project_id)}::bigint[], ${column((c) => c.month)}::timestamptz[], ${column((c) => c.channel)}::smallint[],
      ${text((c) => c.dim)}::text[], ${text((c) => c.value)}::text[], ${column((c) => c.authors)}::int[],
      ${column((c) => c.mentions)}::bigint[], ${column((c) => c.interactions)}::bigint[], ${column((c) => c.followers)}::bigint[],
      ${column((c) => c.followers_known)}::int[]) with ordinality
      as v (project_id, month, channel, dim, value, authors, mentions, interactions, followers, followers_known, n)
    order by v.n
    on conflict (project_id, sample, month, channel, dim, value) do update set
      authors = audience_counts.authors + excluded.authors,
      mentions = audience_counts.mentions + excluded.mentions,
      interactions = audience_counts.interactions + excluded.interactions,
      followers = audience_counts.followers + excluded.followers,
      followers_known = audience_counts.followers_known + excluded.followers_known`.execute(trx);
}
