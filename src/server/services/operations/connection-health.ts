import type { Deps } from "../../deps.ts";

/** How many connections needing staff attention are listed; the counts cover them all. */
const ATTENTION_LISTED = 50;

/**
 * Per provider, how many connections are in each state, and the failing or paused ones with the provider's reason
 * (longest failing first), for staff: never a token.
 */
export async function connectionHealth(deps: Deps) {
  const counts = await deps.db
    .selectFrom("connections")
    .select((eb) => ["provider", "state", eb.fn.countAll<string>().as("n")])
    .groupBy(["provider", "state"])
    .orderBy("provider")
    .orderBy("state")
    .execute();
  const providers: Record<string, Record<string, number>> = {};
  for (const { provider, state, n } of counts) providers[provider] = { ...providers[provider], [state]: Number(n) };
  const attention = await deps.db
    .selectFrom("connections")
    .select(["id", "provider", "account_id", "project_id", "state", "failing_since", "paused_until", "reason"])
    .where("state", "in", ["failing", "paused"])
    .orderBy("failing_since", (ob) => ob.asc().nullsLast())
    .orderBy("id")
    .limit(ATTENTION_LISTED)
    .execute();
  return { providers, attention };
}
