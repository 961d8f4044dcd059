import { sql, type Kysely } from "kysely";
import type { AudienceTopAuthors, TopAuthor } from "../../../shared/audience.ts";
import type { ProvinceCode } from "../../../shared/provinces.ts";
import { ALL_CHANNELS, type Database } from "../../db/schema.ts";
import { countMentions } from "../mention-query/index.ts";
import type { AudienceFilters } from "./audience-filters.ts";
import { spansChannels } from "./audience-tallies.ts";

type Ranked = { author_id: number; mentions: number; interactions: number; positive: number; neutral: number; negative: number };

const ORDER = {
  mentions: sql`mentions desc, interactions desc, author_id`,
  interactions: sql`interactions desc, mentions desc, author_id`,
  followers: sql`followers desc nulls last, mentions desc, author_id`,
} as const;

/**
 * The selection's rows: one project's rows in one channel scope are one per author, so they rank straight off an
 * index; so are its rows in several channels when no author spoke in more than one. Otherwise authors are summed.
 */
async function rank(db: Kysely<Database>, filters: AudienceFilters): Promise<Ranked[]> {
  const base = sql`am.project_id in (${sql.join(filters.projectIds)}) and am.sample = ${filters.sample} and am.month = ${filters.month}`;
  const channels = filters.channels ? sql`am.channel in (${sql.join(filters.channels)})` : sql`am.channel = ${ALL_CHANNELS}`;
  const onePerAuthor =
    filters.projectIds.length === 1 && (filters.channels === null || filters.channels.length === 1 || !(await spansChannels(db, filters)));
  if (onePerAuthor) {
    const { rows } = await sql<Ranked>`
      select am.author_id, am.mentions, am.interactions, am.positive, am.neutral, am.negative
      from audience_monthly am where ${base} and ${channels}
      order by ${ORDER[filters.sort]} limit ${filters.limit}`.execute(db);
    return rows;
  }
  const { rows } = await sql<Ranked>`
    select * from (
      select am.author_id, sum(am.mentions) as mentions, sum(am.interactions) as interactions, max(am.followers) as followers,
        sum(am.positive) as positive, sum(am.neutral) as neutral, sum(am.negative) as negative
      from audience_monthly am where ${base} and ${channels}
      group by am.author_id
    ) a
    order by ${ORDER[filters.sort]} limit ${filters.limit}`.execute(db);
  return rows;
}

/** The period's most active authors (by mentions, interactions or followers), with their sentiment mix and main channel. */
export async function topAuthors(db: Kysely<Database>, filters: AudienceFilters): Promise<Omit<AudienceTopAuthors, "sample">> {
  const ranked = await rank(db, filters);
  if (ranked.length === 0) return { sort: filters.sort, authors: [] };
  const ids = ranked.map((r) => Number(r.author_id));
  const [profiles, channels] = await Promise.all([
    db.selectFrom("authors").select(["id", "name", "url", "platform", "followers", "province"]).where("id", "in", ids).execute(),
    db
      .selectFrom("audience_monthly")
      .select(["author_id", "channel", "mentions"])
      .where("project_id", "in", filters.projectIds)
      .where("sample", "=", filters.sample)
      .where("month", "=", filters.month)
      .where("author_id", "in", ids)
      .where("channel", filters.channels ? "in" : "<>", filters.channels ?? ALL_CHANNELS)
      .execute(),
  ]);
  const profileOf = new Map(profiles.map((p) => [p.id, p]));
  const mainChannel = (id: number) => {
    const perChannel = new Map<number, number>();
    for (const row of channels) if (row.author_id === id) perChannel.set(row.channel, (perChannel.get(row.channel) ?? 0) + row.mentions);
    return [...perChannel].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0][0];
  };
  // The sample's authors wrote none of the customer's mentions: nothing to list.
  const listed = filters.sample ? null : await Promise.all(ids.map((author) => countMentions(db, { ...filters.mentions, author })));
  const authors: TopAuthor[] = ranked.map((r, i) => {
    const id = Number(r.author_id);
    const profile = profileOf.get(id)!;
    return {
      id,
      name: profile.name,
      url: profile.url,
      platform: profile.platform,
      channel_id: mainChannel(id),
      followers: profile.followers,
      province: profile.province as ProvinceCode | null,
      mentions: Number(r.mentions),
      listed_mentions: listed?.[i] ?? null,
      interactions: Number(r.interactions),
      sentiment: { positive: Number(r.positive), neutral: Number(r.neutral), negative: Number(r.negative) },
    };
  });
  return { sort: filters.sort, authors };
}
