import type { Deps } from "../../deps.ts";

/** The newest messages sent to an account (by id, phone or e-mail), for staff reading a texted code. */
export function listOutbox(deps: Deps, user: { id: number; phone: string; email: string }, limit = 20) {
  return deps.db
    .selectFrom("outbox_messages")
    .select(["created_at", "channel", "recipient", "subject", "body", "provider", "status"])
    .where((eb) => eb.or([eb("user_id", "=", user.id), eb("recipient", "in", [user.phone, user.email])]))
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}
