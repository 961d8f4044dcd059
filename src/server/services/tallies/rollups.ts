import { MENTION_TYPE } from "../../../shared/mention.ts";
import { vietnamMidnight } from "../../../shared/time-zone.ts";
import { sql, type Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";
import { recordProjectChanges } from "../figure-cache/index.ts";
import { applyAudienceRollups, type AudienceChange } from "./audience-rollups.ts";

/**
 * What one mention contributes to the hourly counters (and, through its document's author, to the audience ones);
 * count 0 carries only interaction changes (re-collected counters).
 */
export type RollupContribution = AudienceChange & {
  is_noise: boolean;
  mention_type: number;
  source_name: string;
  views: number;
};

const HOUR_MS = 3_600_000;

/**
 * Adds (sign 1) or removes (sign -1) mentions from the hourly rollups. Deltas are summed per bucket first, so a
 * batch is one statement; callers run it in the transaction that changes the mentions, so counters stay exact, and
 * the projects' cached figures end with that transaction.
 */
export async function applyRollups(db: Transaction<Database>, items: RollupContribution[], sign: 1 | -1): Promise<void> {
  const buckets = new Map<string, Database["mention_rollups_hourly"]>();
  for (const item of items) {
    const hour = new Date(Math.floor(new Date(item.published_at).getTime() / HOUR_MS) * HOUR_MS);
    const key = `${item.project_id}|${hour.getTime()}|${item.channel}|${item.sentiment}|${item.is_noise}`;
    const bucket = buckets.get(key) ?? {
      project_id: item.project_id,
      hour,
      channel: item.channel,
      sentiment: item.sentiment,
      is_noise: item.is_noise,
      mentions: 0,
      posts: 0,
      comment_mentions: 0,
      likes: 0,
      shares: 0,
      comments: 0,
      views: 0,
    };
    const mentions = sign * item.count;
    bucket.mentions += mentions;
    if (item.mention_type === MENTION_TYPE.post) bucket.posts += mentions;
    if (item.mention_type === MENTION_TYPE.comment || item.mention_type === MENTION_TYPE.reply) bucket.comment_mentions += mentions;
    bucket.likes += sign * item.likes;
    bucket.shares += sign * item.shares;
    bucket.comments += sign * item.comments;
    bucket.views += sign * item.views;
    buckets.set(key, bucket);
  }
  await recordProjectChanges(
    db,
    items.map((item) => item.project_id),
  );
  await applySourceRollups(db, items, sign);
  await applyAudienceRollups(db, items, sign);
  const rows = [...buckets.values()].sort((a, b) => a.project_id - b.project_id || a.hour.getTime() - b.hour.getTime());
  // Chunks keep each statement under PostgreSQL's parameter limit; the sort keeps lock order stable across writers.
  for (let i = 0; i < rows.length; i += 2000) {
    await db
      .insertInto("mention_rollups_hourly")
      .values(rows.slice(i, i + 2000))
      .onConflict((oc) =>
        oc.columns(["project_id", "hour", "channel", "sentiment", "is_noise"]).doUpdateSet({
          mentions: sql`mention_rollups_hourly.mentions + excluded.mentions`,
          posts: sql`mention_rollups_hourly.posts + excluded.posts`,
          comment_mentions: sql`mention_rollups_hourly.comment_mentions + excluded.comment_mentions`,
          likes: sql`mention_rollups_hourly.likes + excluded.likes`,
          shares: sql`mention_rollups_hourly.shares + excluded.shares`,
          comments: sql`mention_rollups_hourly.comments + excluded.comments`,
          views: sql`mention_rollups_hourly.views + excluded.views`,
        }),
      )
      .execute();
  }
}

/** The same changes, per Vietnam day and source, for the "top sources" ranking. */
async function applySourceRollups(db: Transaction<Database>, items: RollupContribution[], sign: 1 | -1): Promise<void> {
  const buckets = new Map<string, Database["mention_sources_daily"]>();
  for (const item of items) {
    const day = new Date(vietnamMidnight(new Date(item.published_at).getTime()));
    const key = `${item.project_id}|${day.getTime()}|${item.channel}|${item.sentiment}|${item.is_noise}|${item.source_name}`;
    const bucket = buckets.get(key) ?? {
      project_id: item.project_id,
      day,
      channel: item.channel,
      sentiment: item.sentiment,
      is_noise: item.is_noise,
      source_name: item.source_name,
      mentions: 0,
      interactions: 0,
    };
    bucket.mentions += sign * item.count;
    bucket.interactions += sign * (item.likes + item.shares + item.comments);
    buckets.set(key, bucket);
  }
  const rows = [...buckets.values()].sort(
    (a, b) => a.project_id - b.project_id || a.day.getTime() - b.day.getTime() || a.source_name.localeCompare(b.source_name),
  );
  for (let i = 0; i < rows.length; i += 2000) {
    await db
      .insertInto("mention_sources_daily")
      .values(rows.slice(i, i + 2000))
      .onConflict((oc) =>
        oc.columns(["project_id", "day", "channel", "sentiment", "is_noise", "source_name"]).doUpdateSet({
          mentions: sql`mention_sources_daily.mentions + excluded.mentions`,
          interactions: sql`mention_sources_daily.interactions + excluded.interactions`,
        }),
      )
      .execute();
  }
}
