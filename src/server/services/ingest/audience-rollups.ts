import { sql, type Kysely, type Transaction } from "kysely";
import { presetRange } from "../../../shared/time-range.ts";
import type { Database } from "../../db/schema.ts";

/** What a mention change contributes (the hourly rollups' contribution has these fields and more). */
export type AudienceChange = {
  count: 0 | 1;
  project_id: number;
  document_id: number;
  published_at: Date;
  channel: number;
  sentiment: number;
  likes: number;
  shares: number;
  comments: number;
};

type Bucket = {
  project_id: number;
  month: Date;
  channel: number;
  author_id: number;
  mentions: number;
  positive: number;
  neutral: number;
  negative: number;
  interactions: number;
};

const SENTIMENT_COLUMN = { 0: "neutral", 1: "positive", 2: "negative" } as const;
/** audience_monthly.channel of an author's row over every channel. */
export const ALL_CHANNELS = 0;

/** The start of the Vietnam-time month holding `date`. */
export const monthOf = (date: Date): Date => presetRange("this-month", new Date(date)).start;

/**
 * The same changes as the hourly rollups, per project × month × channel × author of the document, and per project ×
 * month × author over all channels (documents without an author count nowhere here). Rows whose mentions fall to zero
 * go; each touched author's first month in the project and number of channels are computed again, so "new" and
 * "returning" stay exact whatever order mentions arrive or leave in.
 */
export async function applyAudienceRollups(
  db: Kysely<Database> | Transaction<Database>,
  items: AudienceChange[],
  sign: 1 | -1,
): Promise<void> {
  if (items.length === 0) return;
  const documentIds = [...new Set(items.map((item) => item.document_id))];
  const authorOf = new Map<number, number>();
  for (let i = 0; i < documentIds.length; i += 5000) {
    const rows = await db
      .selectFrom("documents")
      .select(["id", "author_ref"])
      .where("id", "in", documentIds.slice(i, i + 5000))
      .where("author_ref", "is not", null)
      .execute();
    for (const row of rows) authorOf.set(row.id, row.author_ref!);
  }
  const buckets = new Map<string, Bucket>();
  for (const item of items) {
    const author = authorOf.get(item.document_id);
    if (author === undefined) continue;
    const month = monthOf(item.published_at);
    // The mention's channel, and channel 0: the author over all channels.
    for (const channel of [item.channel, ALL_CHANNELS]) {
      const key = `${item.project_id}|${month.getTime()}|${channel}|${author}`;
      const bucket = buckets.get(key) ?? {
        project_id: item.project_id,
        month,
        channel,
        author_id: author,
        mentions: 0,
        positive: 0,
        neutral: 0,
        negative: 0,
        interactions: 0,
      };
      const count = sign * item.count;
      bucket.mentions += count;
      bucket[SENTIMENT_COLUMN[item.sentiment as 0 | 1 | 2]] += count;
      bucket.interactions += sign * (item.likes + item.shares + item.comments);
      buckets.set(key, bucket);
    }
  }
  const rows = [...buckets.values()].sort(
    (a, b) => a.project_id - b.project_id || a.month.getTime() - b.month.getTime() || a.channel - b.channel || a.author_id - b.author_id,
  );
  if (rows.length === 0) return;

  // Arrays, not a VALUES list: nine parameters per statement instead of nine per row, parsed and planned once.
  const column = <T>(pick: (r: Bucket) => T) => sql.val(rows.map(pick));
  // The author's current attributes ride along, so a new row is born with them.
  const written = await sql<{ project_id: number; author_id: number; created: boolean }>`
      insert into audience_monthly (project_id, sample, month, channel, author_id, mentions, positive, neutral, negative, interactions, followers, age_range, job, province, first_month)
      select v.project_id, false, v.month, v.channel, v.author_id, v.mentions, v.positive, v.neutral, v.negative, v.interactions,
        a.followers, a.age_range, a.job_category, a.province, v.month
      from unnest(${column((r) => r.project_id)}::bigint[], ${column((r) => r.month)}::timestamptz[], ${column((r) => r.channel)}::smallint[],
        ${column((r) => r.author_id)}::bigint[], ${column((r) => r.mentions)}::int[], ${column((r) => r.positive)}::int[],
        ${column((r) => r.neutral)}::int[], ${column((r) => r.negative)}::int[], ${column((r) => r.interactions)}::bigint[])
        as v (project_id, month, channel, author_id, mentions, positive, neutral, negative, interactions)
      join authors a on a.id = v.author_id
      -- The sort keeps the order of row locks stable across concurrent writers.
      order by v.project_id, v.month, v.channel, v.author_id
      on conflict (project_id, sample, month, channel, author_id) do update set
        mentions = audience_monthly.mentions + excluded.mentions,
        positive = audience_monthly.positive + excluded.positive,
        neutral = audience_monthly.neutral + excluded.neutral,
        negative = audience_monthly.negative + excluded.negative,
        interactions = audience_monthly.interactions + excluded.interactions
      returning project_id, author_id, xmax = 0 as created`.execute(db);

  // Adding to rows that existed changes no author's months or channels, and none falls to zero: only new rows (and
  // removals) call for the author's rows to be read again.
  const changed = sign === 1 ? written.rows.filter((row) => row.created) : written.rows;
  if (changed.length === 0) return;
  // Each touched author of each project: their rows are found through the author index, whatever the project's size.
  const pairs = [...new Map(changed.map((r) => [`${r.project_id}|${r.author_id}`, r])).values()];
  const touched = sql`unnest(${sql.val(pairs.map((p) => p.project_id))}::bigint[], ${sql.val(pairs.map((p) => p.author_id))}::bigint[]) as p (project_id, author_id)`;
  await sql`
    delete from audience_monthly am using ${touched}
    where am.author_id = p.author_id and am.project_id = p.project_id and not am.sample and am.mentions <= 0`.execute(db);
  await sql`
    update audience_monthly am set channels = n.channels
    from (
      select x.project_id, x.author_id, x.month, count(*) filter (where x.channel <> ${ALL_CHANNELS}) as channels
      from ${touched} join audience_monthly x on x.author_id = p.author_id and x.project_id = p.project_id and not x.sample
      group by 1, 2, 3
    ) n
    where am.project_id = n.project_id and not am.sample and am.month = n.month and am.channel = ${ALL_CHANNELS} and am.author_id = n.author_id
      and am.channels <> n.channels`.execute(db);
  await sql`
    update audience_monthly am set first_month = f.first
    from (
      select x.project_id, x.author_id, min(x.month) as first
      from ${touched} join audience_monthly x on x.author_id = p.author_id and x.project_id = p.project_id and not x.sample
      group by 1, 2
    ) f
    where am.author_id = f.author_id and am.project_id = f.project_id and not am.sample and am.first_month <> f.first`.execute(db);
}
