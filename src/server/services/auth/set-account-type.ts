import type { Kysely } from "kysely";
import { ACCOUNT_TYPE, type AccountType } from "../../../shared/account.ts";
import type { Database } from "../../db/schema.ts";
import { revokeUserSessions } from "./sessions.ts";

/**
 * Staff's change of plan. Locking also revokes every session and API key of the account for good: unlocking later
 * restores neither, so the owner signs in again and staff issue new keys.
 */
export async function setAccountType(db: Kysely<Database>, userId: number, type: AccountType, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("users")
      .set({ account_type: type, updated_at: now, ...(type === ACCOUNT_TYPE.contracted ? { is_waiting_for_upgrade: false } : {}) })
      .where("id", "=", userId)
      .execute();
    if (type !== ACCOUNT_TYPE.locked) return;
    await revokeUserSessions(trx, userId, now);
    await trx.updateTable("api_keys").set({ revoked_at: now }).where("user_id", "=", userId).where("revoked_at", "is", null).execute();
  });
}
