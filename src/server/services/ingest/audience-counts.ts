import { sql, type Selectable, type Transaction } from "kysely";
import type { AudienceCountsTable, AudienceMonthlyTable, Database } from "../../db/schema.ts";

/** An audience_monthly row as the upkeep's upsert returns it. */
export type AudienceRow = Omit<Selectable<AudienceMonthlyTable>, "sample">;

/** What the upsert added to a row (to a new row: all of it). */
export type RowChange = Pick<AudienceRow, "mentions" | "positive" | "neutral" | "negative" | "interactions">;

type Count = Omit<AudienceCountsTable, "sample">;

/** Each attribute value a row counts under, as `audience_counts_add` (migrations 0014, 0025) expands it. */
const dimensions = (row: AudienceRow): [Count["dim"], string][] => [
  ["all", ""],
  ["age", row.age_range ?? ""],
  ["job", row.job ?? ""],
  ["province", row.province ?? ""],
  ["new", row.first_month.getTime() >= row.month.getTime() ? "1" : "0"],
  ["positive", row.positive > 0 ? "1" : "0"],
  ["neutral", row.neutral > 0 ? "1" : "0"],
  ["negative", row.negative > 0 ? "1" : "0"],
  ["multi", row.channels > 1 ? "1" : "0"],
];

/**
 * The audience counts' changes for rows an upsert wrote, the same as the statement triggers would make: a new row
 * counts once, a changed one stops counting as it was (its values less the change; the upsert changes no attribute)
 * and counts as it is. Sorted as the triggers sort them, so writers lock the rows in one order.
 */
export function countChanges(written: { row: AudienceRow; created: boolean; change: RowChange }[]): Count[] {
  const counts = new Map<string, Count>();
  const add = (sign: 1 | -1, row: AudienceRow) => {
    for (const [dim, value] of dimensions(row)) {
      const key = `${row.project_id}|${row.month.getTime()}|${row.channel}|${dim}|${value}`;
      const count = counts.get(key) ?? {
        project_id: row.project_id,
        month: row.month,
        channel: row.channel,
        dim,
        value,
        authors: 0,
        mentions: 0,
        interactions: 0,
        followers: 0,
        followers_known: 0,
      };
      count.authors += sign;
      count.mentions += sign * row.mentions;
      count.interactions += sign * row.interactions;
      count.followers += sign * (row.followers ?? 0);
      count.followers_known += sign * (row.followers === null ? 0 : 1);
      counts.set(key, count);
    }
  };
  for (const { row, created, change } of written) {
    if (!created)
      add(-1, {
        ...row,
        mentions: row.mentions - change.mentions,
        positive: row.positive - change.positive,
        neutral: row.neutral - change.neutral,
        negative: row.negative - change.negative,
        interactions: row.interactions - change.interactions,
      });
    add(1, row);
  }
  // Bytewise order of dimension and value, as the triggers' `collate "C"`: the values are plain ASCII codes.
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
  const column = <T>(pick: (c: Count) => T) => sql.val(counts.map(pick));
  await sql`
    insert into audience_counts (project_id, sample, month, channel, dim, value, authors, mentions, interactions, followers, followers_known)
    select v.project_id, false, v.month, v.channel, v.dim, v.value, v.authors, v.mentions, v.interactions, v.followers, v.followers_known
    from unnest(${column((c) => c.project_id)}::bigint[], ${column((c) => c.month)}::timestamptz[], ${column((c) => c.channel)}::smallint[],
      ${column((c) => c.dim)}::text[], ${column((c) => c.value)}::text[], ${column((c) => c.authors)}::int[],
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
