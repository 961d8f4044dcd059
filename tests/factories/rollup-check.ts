import { sql, type Kysely } from "kysely";
import type { Database } from "../../src/server/db/schema.ts";

/** The rollups of a project next to the same counters computed directly from mentions and documents. */
export async function rollupsAndTruth(db: Kysely<Database>, projectId: number) {
  const rollups = await sql<Record<string, number>>`
    select channel, sentiment, is_noise, sum(mentions)::int as mentions, sum(posts)::int as posts,
           sum(comment_mentions)::int as comment_mentions, sum(likes)::int as likes, sum(shares)::int as shares,
           sum(comments)::int as comments, sum(views)::int as views
    from mention_rollups_hourly where project_id = ${projectId}
    group by channel, sentiment, is_noise having sum(mentions) <> 0 or sum(likes) <> 0 or sum(views) <> 0
    order by channel, sentiment, is_noise`.execute(db);
  const truth = await sql<Record<string, number>>`
    select m.channel, m.sentiment, m.is_noise, count(*)::int as mentions,
           count(*) filter (where m.mention_type = 0)::int as posts,
           count(*) filter (where m.mention_type in (1, 2))::int as comment_mentions,
           sum(d.likes)::int as likes, sum(d.shares)::int as shares, sum(d.comments)::int as comments, sum(d.views)::int as views
    from mentions m join documents d on d.id = m.document_id where m.project_id = ${projectId}
    group by m.channel, m.sentiment, m.is_noise order by m.channel, m.sentiment, m.is_noise`.execute(db);
  const sources = await sql<Record<string, number | string>>`
    select source_name, channel, sum(mentions)::int as mentions, sum(interactions)::int as interactions from mention_sources_daily
    where project_id = ${projectId} group by source_name, channel having sum(mentions) <> 0 order by source_name, channel`.execute(db);
  const sourceTruth = await sql<Record<string, number | string>>`
    select d.source_name, m.channel, count(*)::int as mentions, sum(d.likes + d.shares + d.comments)::int as interactions
    from mentions m join documents d on d.id = m.document_id where m.project_id = ${projectId}
    group by d.source_name, m.channel order by d.source_name, m.channel`.execute(db);
  return { rollups: [rollups.rows, sources.rows], truth: [truth.rows, sourceTruth.rows] };
}
