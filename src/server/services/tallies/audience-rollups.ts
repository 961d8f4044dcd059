import { sql, type RawBuilder, type Transaction } from "kysely";
import { presetRange } from "../../../shared/time-range.ts";
import { ALL_CHANNELS, type Database } from "../../db/schema.ts";
import { addCounts, countChanges, type AudienceRow, type RowChange } from "./audience-counts.ts";
import { arrayParam } from "../../db/array-param.ts";

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
  /** The document's author when the caller has it at hand (null: none); left out, it is read from the document. */
  author_ref?: number | null;
};

/** An audience row's share of a batch: the row as it is created, or what is added to it. */
type Bucket = Pick<AudienceRow, "project_id" | "month" | "channel" | "author_id" | "first_month"> & RowChange;

const SENTIMENT_COLUMN = { 0: "neutral", 1: "positive", 2: "negative" } as const;

/** The start of the Vietnam-time month holding `date`. */
export const monthOf = (date: Date): Date => presetRange("this-month", new Date(date)).start;

/**
 * The same changes as the hourly rollups, per project × month × channel × author of the document, and per project ×
 * month × author over all channels (documents without an author count nowhere here). Rows whose mentions fall to zero
 * go. New rows are born with the author's first month in the project and one channel, and both are counted again
 * where an earlier month, another channel or a removal changes them, so "new" and "returning" stay exact whatever
 * order mentions arrive or leave in.
 */
export async function applyAudienceRollups(db: Transaction<Database>, items: AudienceChange[], sign: 1 | -1): Promise<void> {
  if (items.length === 0) return;
  const documentIds = [...new Set(items.filter((item) => item.author_ref === undefined).map((item) => item.document_id))];
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
    const author = item.author_ref === undefined ? authorOf.get(item.document_id) : item.author_ref;
    if (author === undefined || author === null) continue;
    const month = monthOf(item.published_at);
    // The mention's channel, and channel 0: the author over all channels.
    for (const channel of [item.channel, ALL_CHANNELS]) {
      const key = `${item.project_id}|${month.getTime()}|${channel}|${author}`;
      const bucket = buckets.get(key) ?? {
        project_id: item.project_id,
        month,
        first_month: month,
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
  // An author's first month in the project: read before the insert, so new rows are born with it.
  const firstOf = sign === 1 ? await firstMonths(db, rows) : new Map<string, Date>();
  const lowered = new Set<string>();
  for (const row of rows) {
    const key = pairKey(row);
    const first = firstOf.get(key);
    if (first && row.month < first) lowered.add(key);
    if (!first || row.month < first) firstOf.set(key, row.month);
  }
  for (const row of rows) row.first_month = firstOf.get(pairKey(row))!;

  // Arrays, not a VALUES list: a parameter per column instead of one per value, parsed and planned once.
  const column = (pick: (r: Bucket) => number | Date) => arrayParam(rows.map(pick));
  // This statement's rows are counted in audience_counts here rather than by the triggers: they would copy and expand
  // every row twice inside the database, the ingest's bottleneck.
  await sql`select set_config('nghe.audience_counts_by_caller', 'on', true)`.execute(db);
  // The author's current attributes ride along, so a new row is born with them.
  const written = await sql<AudienceRow & { created: boolean }>`
      insert into audience_monthly (project_id, sample, month, channel, author_id, mentions, positive, neutral, negative, interactions, followers, age_range, job, province, first_month)
      select v.project_id, false, v.month, v.channel, v.author_id, v.mentions, v.positive, v.neutral, v.negative, v.interactions,
        a.followers, a.age_range, a.job_category, a.province, v.first_month
      from unnest(${column((r) => r.project_id)}::bigint[], ${column((r) => r.month)}::timestamptz[], ${column((r) => r.channel)}::smallint[],
        ${column((r) => r.author_id)}::bigint[], ${column((r) => r.mentions)}::int[], ${column((r) => r.positive)}::int[],
        ${column((r) => r.neutral)}::int[], ${column((r) => r.negative)}::int[], ${column((r) => r.interactions)}::bigint[],
        ${column((r) => r.first_month)}::timestamptz[])
        as v (project_id, month, channel, author_id, mentions, positive, neutral, negative, interactions, first_month)
      join authors a on a.id = v.author_id
      -- The sort keeps the order of row locks stable across concurrent writers.
      order by v.project_id, v.month, v.channel, v.author_id
      on conflict (project_id, sample, month, channel, author_id) do update set
        mentions = audience_monthly.mentions + excluded.mentions,
        positive = audience_monthly.positive + excluded.positive,
        neutral = audience_monthly.neutral + excluded.neutral,
        negative = audience_monthly.negative + excluded.negative,
        interactions = audience_monthly.interactions + excluded.interactions
      returning project_id::float8 as project_id, month, channel, author_id::float8 as author_id, mentions, positive, neutral, negative, interactions::float8 as interactions,
        followers, age_range, job, province, first_month, channels, xmax = 0 as created`.execute(db);
  await sql`select set_config('nghe.audience_counts_by_caller', 'off', true)`.execute(db);
  const bucketOf = new Map(rows.map((r) => [`${r.project_id}|${r.month.getTime()}|${r.channel}|${r.author_id}`, r]));
  await addCounts(
    db,
    countChanges(
      written.rows.map(({ created, ...row }) => ({
        row,
        created,
        change: bucketOf.get(`${row.project_id}|${row.month.getTime()}|${row.channel}|${row.author_id}`)!,
      })),
    ),
  );

  if (sign === -1) {
    // Rows may have fallen to zero, taking an author's month, first month or channel with them.
    const touched = authorsOf(written.rows);
    await sql`
      delete from audience_monthly am using ${touched}
      where am.author_id = p.author_id and am.project_id = p.project_id and not am.sample and am.mentions <= 0`.execute(db);
    await recountChannels(db, touched);
    await recountFirstMonths(db, touched);
    return;
  }
  // Adding falls nothing to zero; new rows were born with their first month and a channel count of one.
  const recount = channelsToRecount(written.rows);
  if (recount.length > 0) await recountChannels(db, authorMonthsOf(recount));
  // The older rows of an author who now has an earlier month need the new first month too.
  const earlier = written.rows.filter((r) => r.created && lowered.has(pairKey(r)));
  if (earlier.length > 0) await recountFirstMonths(db, authorsOf(earlier));
}

/**
 * The author-months whose all-channel row may not count their channels right: a channel row was created beside an
 * all-channel row that existed, or several beside a new one (a new one alone is born right, with one).
 */
function channelsToRecount(written: (AuthorMonth & { channel: number; created: boolean })[]): AuthorMonth[] {
  const months = new Map<string, AuthorMonth & { allCreated: boolean; channelsCreated: number }>();
  for (const row of written) {
    if (!row.created) continue;
    const key = `${pairKey(row)}|${new Date(row.month).getTime()}`;
    const month = months.get(key) ?? { ...row, allCreated: false, channelsCreated: 0 };
    if (row.channel === ALL_CHANNELS) month.allCreated = true;
    else month.channelsCreated += 1;
    months.set(key, month);
  }
  return [...months.values()].filter((m) => m.channelsCreated > (m.allCreated ? 1 : 0));
}

/** Sets each all-channel row of the authors (or author-months) `p` to the number of channels the author spoke in. */
async function recountChannels(db: Transaction<Database>, touched: RawBuilder<unknown>): Promise<void> {
  await sql`
    update audience_monthly am set channels = n.channels
    from (
      select x.project_id, x.author_id, x.month, count(*) filter (where x.channel <> ${ALL_CHANNELS}) as channels
      from ${touched} join audience_monthly x on x.author_id = p.author_id and x.project_id = p.project_id and not x.sample
        and (p.month is null or x.month = p.month)
      group by 1, 2, 3
    ) n
    where am.project_id = n.project_id and not am.sample and am.month = n.month and am.channel = ${ALL_CHANNELS} and am.author_id = n.author_id
      and am.channels <> n.channels`.execute(db);
}

/** Sets every row of the authors `p` to the author's earliest month in the project. */
async function recountFirstMonths(db: Transaction<Database>, touched: RawBuilder<unknown>): Promise<void> {
  await sql`
    update audience_monthly am set first_month = f.first
    from (
      select x.project_id, x.author_id, min(x.month) as first
      from ${touched} join audience_monthly x on x.author_id = p.author_id and x.project_id = p.project_id and not x.sample
      group by 1, 2
    ) f
    where am.author_id = f.author_id and am.project_id = f.project_id and not am.sample and am.first_month <> f.first`.execute(db);
}

type AuthorInProject = { project_id: number; author_id: number };
type AuthorMonth = AuthorInProject & { month: Date };

const pairKey = (row: AuthorInProject) => `${row.project_id}|${row.author_id}`;

/** The distinct (project, author) pairs of `rows` as a relation `p` to join with (its month null: every month). */
function authorsOf(rows: AuthorInProject[]) {
  const pairs = [...new Map(rows.map((r) => [pairKey(r), r])).values()];
  return sql`unnest(${arrayParam(pairs.map((p) => p.project_id))}::bigint[], ${arrayParam(pairs.map((p) => p.author_id))}::bigint[],
    ${arrayParam(pairs.map(() => null))}::timestamptz[]) as p (project_id, author_id, month)`;
}

/** The author-months as a relation `p` to join with. */
function authorMonthsOf(rows: AuthorMonth[]) {
  return sql`unnest(${arrayParam(rows.map((p) => p.project_id))}::bigint[], ${arrayParam(rows.map((p) => p.author_id))}::bigint[],
    ${arrayParam(rows.map((p) => p.month))}::timestamptz[]) as p (project_id, author_id, month)`;
}

/** The first month each author of `rows` already has in the project, by pair key (none: no rows yet). */
async function firstMonths(db: Transaction<Database>, rows: AuthorInProject[]): Promise<Map<string, Date>> {
  // Every row of an author holds the author's first month: one row each is enough.
  const found = await sql<AuthorInProject & { first: Date }>`
    select p.project_id, p.author_id, x.first_month as first
    from ${authorsOf(rows)} cross join lateral (
      select first_month from audience_monthly x where x.author_id = p.author_id and x.project_id = p.project_id and not x.sample limit 1
    ) x`.execute(db);
  return new Map(found.rows.map((r) => [pairKey(r), new Date(r.first)]));
}
