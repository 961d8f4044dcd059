import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";

/**
 * A new account's alerts go to its own verified phone and registration e-mail until the user changes them on the
 * notification screen; an account that already saved its contacts keeps them.
 */
export async function giveDefaultContacts(db: Kysely<Database>, user: { id: number; phone: string; email: string }, now: Date) {
  await db
    .insertInto("notification_settings")
    .values({ user_id: user.id, time_reports: [], phones: [user.phone], emails: [user.email], updated_at: now })
    .onConflict((oc) => oc.column("user_id").doNothing())
    .execute();
}
