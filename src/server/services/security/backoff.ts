import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { hitsWithin, tooManyRequestsUntil, type Window } from "./rate-limit.ts";

/** Failures within the window buy a growing wait: none for the first `freeFailures`, then `firstDelayMs`, times `factor` each time, at most `maxDelayMs`. */
export type Backoff = Window & { freeFailures: number; firstDelayMs: number; factor: number; maxDelayMs: number };

export function backoffDelayMs(backoff: Backoff, failures: number): number {
  if (failures <= backoff.freeFailures) return 0;
  return Math.min(backoff.maxDelayMs, backoff.firstDelayMs * backoff.factor ** (failures - backoff.freeFailures - 1));
}

/** Refuses with 429 (and the seconds left) while the wait earned by `key`'s failures since its latest failure has not passed. */
export async function assertBackoffElapsed(db: Kysely<Database>, backoff: Backoff, key: string, now: Date): Promise<void> {
  const { count, newest } = await hitsWithin(db, backoff, key, now);
  const until = (newest?.getTime() ?? 0) + backoffDelayMs(backoff, count);
  if (until > now.getTime()) throw tooManyRequestsUntil(until, now);
}
