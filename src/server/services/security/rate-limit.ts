import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { ApiError } from "../../http/api-error.ts";

export type Limit = { bucket: string; max: number; windowMs: number };

/** Refuses with 429 (and the seconds to wait) once `key` has `max` events within the sliding window. */
export async function assertUnderLimit(db: Kysely<Database>, limit: Limit, key: string, now: Date): Promise<void> {
  const since = new Date(now.getTime() - limit.windowMs);
  const row = await db
    .selectFrom("rate_limit_events")
    .select((eb) => [eb.fn.countAll<number>().as("count"), eb.fn.min("at").as("oldest")])
    .where("bucket", "=", limit.bucket)
    .where("key", "=", key)
    .where("at", ">", since)
    .executeTakeFirstOrThrow();
  if (Number(row.count) < limit.max) return;
  const oldest = row.oldest ? new Date(row.oldest).getTime() : now.getTime();
  const seconds = Math.max(1, Math.ceil((oldest + limit.windowMs - now.getTime()) / 1000));
  throw tooManyRequests(seconds);
}

export async function recordHit(db: Kysely<Database>, limit: Limit, key: string, now: Date): Promise<void> {
  await db.insertInto("rate_limit_events").values({ bucket: limit.bucket, key, at: now }).execute();
  // Old events are useless; trimming on write keeps the table small without a separate job.
  await db
    .deleteFrom("rate_limit_events")
    .where("bucket", "=", limit.bucket)
    .where("key", "=", key)
    .where("at", "<", new Date(now.getTime() - limit.windowMs))
    .execute();
}

export async function clearHits(db: Kysely<Database>, limit: Limit, key: string): Promise<void> {
  await db.deleteFrom("rate_limit_events").where("bucket", "=", limit.bucket).where("key", "=", key).execute();
}

export function tooManyRequests(seconds: number): ApiError {
  return new ApiError(429, { message: [{ key: "error.too_many_requests", params: { seconds } }] }, { "retry-after": String(seconds) }, { retry_after: seconds });
}
