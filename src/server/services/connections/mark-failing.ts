import type { Deps } from "../../deps.ts";

/** Meta refused the connection's token: failing (since the first refusal) with Meta's reason, until reconnected. */
export async function markFailing(deps: Deps, connectionId: number, reason: string): Promise<void> {
  await deps.db
    .updateTable("connections")
    .set((eb) => ({ state: "failing", failing_since: eb.fn.coalesce("failing_since", eb.val(deps.now())), reason }))
    .where("id", "=", connectionId)
    .execute();
}
