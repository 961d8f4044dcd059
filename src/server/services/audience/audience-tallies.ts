import { sql, type Kysely } from "kysely";
import { ALL_CHANNELS, type AudienceCountsTable, type Database } from "../../db/schema.ts";
import type { AudienceFilters } from "./audience-filters.ts";

export type Dim = AudienceCountsTable["dim"];
/** What the tallies are per: nothing (the whole selection), each channel, or each project. */
type TallyKey = "none" | "channel" | "project";
/** Distinct authors (and their mentions…) having `value` for `dim` ("" = unknown; "1"/"0" for new and the sentiments). */
export type Tally = {
  key: number;
  dim: Dim;
  value: string;
  authors: number;
  mentions: number;
  interactions: number;
  followers: number;
  followers_known: number;
};

/**
 * The stored counts hold one project and one channel scope (a channel, or all): they answer a selection of one project,
 * per channel for one project, per project; several channels add up when no author spoke in more than one channel
 * that month (the usual case: an author is one platform's account). Anything else needs each author once, so the
 * authors' rows are grouped instead.
 */
async function countsAnswer(db: Kysely<Database>, filters: AudienceFilters, key: TallyKey): Promise<boolean> {
  if (key === "channel") return filters.projectIds.length === 1;
  if (key === "none" && filters.projectIds.length > 1) return false;
  return filters.channels === null || filters.channels.length === 1 || !(await spansChannels(db, filters));
}

/** Whether an author of the selected projects spoke in several channels in the month. */
export async function spansChannels(db: Kysely<Database>, filters: AudienceFilters): Promise<boolean> {
  const found = await db
    .selectFrom("audience_counts")
    .select("project_id")
    .where("project_id", "in", filters.projectIds)
    .where("sample", "=", filters.sample)
    .where("month", "=", filters.month)
    .where("channel", "=", ALL_CHANNELS)
    .where("dim", "=", "multi")
    .where("value", "=", "1")
    .where("authors", ">", 0)
    .limit(1)
    .executeTakeFirst();
  return found !== undefined;
}

export async function tallies(db: Kysely<Database>, filters: AudienceFilters, key: TallyKey, dims: Dim[]): Promise<Tally[]> {
  const rows = (await countsAnswer(db, filters, key))
    ? await fromCounts(db, filters, key, dims)
    : await fromAuthorRows(db, filters, key, dims);
  return rows.map((r) => ({
    key: Number(r.key),
    dim: r.dim as Dim,
    value: r.value,
    authors: Number(r.authors),
    mentions: Number(r.mentions),
    interactions: Number(r.interactions),
    followers: Number(r.followers),
    followers_known: Number(r.followers_known),
  }));
}

type Raw = {
  key: unknown;
  dim: string;
  value: string;
  authors: unknown;
  mentions: unknown;
  interactions: unknown;
  followers: unknown;
  followers_known: unknown;
};

/** Channel rows of the selection: a channel's own rows when channels are named or wanted one by one, else channel 0. */
function channelCondition(filters: AudienceFilters, key: TallyKey, column: string) {
  if (filters.channels) return sql`${sql.ref(column)} in (${sql.join(filters.channels)})`;
  return key === "channel" ? sql`${sql.ref(column)} <> ${ALL_CHANNELS}` : sql`${sql.ref(column)} = ${ALL_CHANNELS}`;
}

const keyColumn = (key: TallyKey, table: string) =>
  key === "channel" ? sql.ref(`${table}.channel`) : key === "project" ? sql.ref(`${table}.project_id`) : sql`0`;

async function fromCounts(db: Kysely<Database>, filters: AudienceFilters, key: TallyKey, dims: Dim[]): Promise<Raw[]> {
  const { rows } = await sql<Raw>`
    select ${keyColumn(key, "c")} as key, c.dim, c.value, sum(c.authors) as authors, sum(c.mentions) as mentions, sum(c.interactions) as interactions,
      sum(c.followers) as followers, sum(c.followers_known) as followers_known
    from audience_counts c
    where c.project_id in (${sql.join(filters.projectIds)}) and c.sample = ${filters.sample} and c.month = ${filters.month}
      and ${channelCondition(filters, key, "c.channel")} and c.dim in (${sql.join(dims)}) and c.authors <> 0
    group by 1, c.dim, c.value`.execute(db);
  return rows;
}

/** Each author once per key (its rows over the selected channels or projects summed), expanded like the counts. */
async function fromAuthorRows(db: Kysely<Database>, filters: AudienceFilters, key: TallyKey, dims: Dim[]): Promise<Raw[]> {
  const { rows } = await sql<Raw>`
    select a.key, d.dim, d.value, count(*) as authors, sum(a.mentions) as mentions, sum(a.interactions) as interactions,
      coalesce(sum(a.followers), 0) as followers, count(a.followers) as followers_known
    from (
      select ${keyColumn(key, "am")} as key, am.author_id, sum(am.mentions) as mentions, sum(am.interactions) as interactions,
        sum(am.positive) as positive, sum(am.neutral) as neutral, sum(am.negative) as negative, min(am.first_month) as first_month,
        -- The copies of the author's attributes are the same on each of its rows.
        max(am.followers) as followers, max(am.age_range) as age_range, max(am.job) as job, max(am.province) as province
      from audience_monthly am
      where am.project_id in (${sql.join(filters.projectIds)}) and am.sample = ${filters.sample} and am.month = ${filters.month}
        and ${channelCondition(filters, key, "am.channel")}
      group by 1, am.author_id
    ) a
    cross join lateral (values
      ('all', ''), ('age', coalesce(a.age_range, '')), ('job', coalesce(a.job, '')), ('province', coalesce(a.province, '')),
      ('new', (a.first_month >= ${filters.month})::int::text), ('positive', (a.positive > 0)::int::text),
      ('neutral', (a.neutral > 0)::int::text), ('negative', (a.negative > 0)::int::text)
    ) as d (dim, value)
    where d.dim in (${sql.join(dims)})
    group by 1, d.dim, d.value`.execute(db);
  return rows;
}
