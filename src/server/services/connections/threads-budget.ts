import type { Deps } from "../../deps.ts";

/** Threads' keyword search allows a user about this many queries in 24 hours (docs/channels/meta.md). */
export const THREADS_DAILY_QUERIES = 2_200;
const DAY_MS = 24 * 3600_000;

/** The keyword searches made for the Threads user in the 24 hours before `now`, across every connection of theirs. */
export async function threadsQueriesUsed(deps: Deps, threadsUserId: string, now: Date): Promise<number> {
  const { used } = await deps.db
    .selectFrom("threads_queries")
    .select((eb) => eb.fn.countAll<string>().as("used"))
    .where("threads_user_id", "=", threadsUserId)
    .where("queried_at", ">", new Date(now.getTime() - DAY_MS))
    .executeTakeFirstOrThrow();
  return Number(used);
}
