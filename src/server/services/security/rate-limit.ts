import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { MessageKey } from "../../../i18n/index.ts";
import { AppError } from "../../errors.ts";

/** Events of one kind (`bucket`) are remembered for `windowMs`. */
export type Window = { bucket: string; windowMs: number };
export type Limit = Window & { max: number };

/** How many events `key` has within the window, and when the oldest and newest happened. */
export async function hitsWithin(
  db: Kysely<Database>,
  window: Window,
  key: string,
  now: Date,
): Promise<{ count: number; oldest: Date | null; newest: Date | null }> {
  const row = await db
    .selectFrom("rate_limit_events")
    .select((eb) => [eb.fn.countAll<number>().as("count"), eb.fn.min("at").as("oldest"), eb.fn.max("at").as("newest")])
    .where("bucket", "=", window.bucket)
    .where("key", "=", key)
    .where("at", ">", new Date(now.getTime() - window.windowMs))
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), oldest: row.oldest ? new Date(row.oldest) : null, newest: row.newest ? new Date(row.newest) : null };
}

/** Refuses with 429 (and the seconds to wait, told by `message`) once `key` has `max` events within the sliding window. */
export async function assertUnderLimit(db: Kysely<Database>, limit: Limit, key: string, now: Date, message?: MessageKey): Promise<void> {
  const { count, oldest } = await hitsWithin(db, limit, key, now);
  if (count < limit.max) return;
  throw tooManyRequestsUntil((oldest ?? now).getTime() + limit.windowMs, now, message);
}

export async function recordHit(db: Kysely<Database>, window: Window, key: string, now: Date): Promise<void> {
  await db.insertInto("rate_limit_events").values({ bucket: window.bucket, key, at: now }).execute();
  // Old events are useless; trimming on write keeps the table small without a separate job.
  await db
    .deleteFrom("rate_limit_events")
    .where("bucket", "=", window.bucket)
    .where("key", "=", key)
    .where("at", "<", new Date(now.getTime() - window.windowMs))
    .execute();
}

export async function clearHits(db: Kysely<Database>, window: Window, key: string): Promise<void> {
  await db.deleteFrom("rate_limit_events").where("bucket", "=", window.bucket).where("key", "=", key).execute();
}

/** 429 whose message may say the wait in `{{seconds}}` or whole `{{minutes}}`. */
function tooManyRequests(seconds: number, message: MessageKey = "error.too_many_requests"): AppError {
  return new AppError(
    429,
    { message: [{ key: message, params: { seconds, minutes: Math.ceil(seconds / 60) } }] },
    { "retry-after": String(seconds) },
    { retry_after: seconds },
  );
}

/** 429 with the whole seconds left until `untilMs` (at least one). */
export function tooManyRequestsUntil(untilMs: number, now: Date, message?: MessageKey): AppError {
  return tooManyRequests(Math.max(1, Math.ceil((untilMs - now.getTime()) / 1000)), message);
}
