import type { Deps } from "../../deps.ts";
import { INSTAGRAM_HASHTAG_LIMIT } from "../../../shared/schemas/connections.ts";

const WINDOW_MS = 7 * 24 * 3600_000;

const windowStart = (now: Date) => new Date(now.getTime() - WINDOW_MS);

/** How many distinct hashtags each Instagram account (Meta's id) has used in the 7 days before `now`. */
export async function hashtagsUsed(deps: Deps, igUserIds: string[], now: Date): Promise<Map<string, number>> {
  if (igUserIds.length === 0) return new Map();
  const rows = await deps.db
    .selectFrom("instagram_hashtag_searches")
    .select(["ig_user_id", (eb) => eb.fn.countAll<string>().as("used")])
    .where("ig_user_id", "in", igUserIds)
    .where("window_started_at", ">", windowStart(now))
    .groupBy("ig_user_id")
    .execute();
  return new Map(rows.map((r) => [r.ig_user_id, Number(r.used)]));
}

/**
 * May the account query the hashtag now? Yes, free, when its window is still open; yes when fewer than 30 hashtags are
 * in open windows, opening a new one from `now`; otherwise null. A yes gives Meta's id for the hashtag when known.
 */
export async function claimHashtag(deps: Deps, igUserId: string, hashtag: string, now: Date): Promise<{ hashtagId: string | null } | null> {
  return deps.db.transaction().execute(async (trx) => {
    // One claim at a time per account: the count and the new window agree.
    await trx
      .selectFrom("connection_sources")
      .select("id")
      .where("kind", "=", "instagram_account")
      .where("external_id", "=", igUserId)
      .forUpdate()
      .execute();
    const row = await trx
      .selectFrom("instagram_hashtag_searches")
      .select(["hashtag_id", "window_started_at"])
      .where("ig_user_id", "=", igUserId)
      .where("hashtag", "=", hashtag)
      .executeTakeFirst();
    if (row && row.window_started_at > windowStart(now)) return { hashtagId: row.hashtag_id };
    const used = await trx
      .selectFrom("instagram_hashtag_searches")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("ig_user_id", "=", igUserId)
      .where("window_started_at", ">", windowStart(now))
      .executeTakeFirstOrThrow();
    if (Number(used.n) >= INSTAGRAM_HASHTAG_LIMIT) return null;
    await trx
      .insertInto("instagram_hashtag_searches")
      .values({ ig_user_id: igUserId, hashtag, hashtag_id: null, window_started_at: now })
      .onConflict((oc) => oc.columns(["ig_user_id", "hashtag"]).doUpdateSet({ window_started_at: now }))
      .execute();
    return { hashtagId: row?.hashtag_id ?? null };
  });
}

/** Keeps Meta's id for the hashtag: later rounds read its media without searching it again. */
export async function rememberHashtagId(deps: Deps, igUserId: string, hashtag: string, hashtagId: string): Promise<void> {
  await deps.db
    .updateTable("instagram_hashtag_searches")
    .set({ hashtag_id: hashtagId })
    .where("ig_user_id", "=", igUserId)
    .where("hashtag", "=", hashtag)
    .execute();
}
