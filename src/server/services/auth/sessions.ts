import type { Deps } from "../../deps.ts";
import type { Kysely } from "kysely";
import { SESSION_SECONDS } from "../../../shared/limits.ts";
import type { Database } from "../../db/schema.ts";
import type { AuthUser } from "./auth-user.ts";
import { hashToken, newToken } from "../security/index.ts";

export async function createSession(
  db: Kysely<Database>,
  userId: number,
  now: Date,
): Promise<{ access_token: string; expires_in: number }> {
  const token = newToken();
  await db
    .insertInto("sessions")
    .values({
      user_id: userId,
      token_hash: hashToken(token),
      created_at: now,
      expires_at: new Date(now.getTime() + SESSION_SECONDS * 1000),
    })
    .execute();
  return { access_token: token, expires_in: SESSION_SECONDS };
}

/** The user behind a live token: not revoked, not expired, verified and not locked (a locked account counts as logged out). */
/** The caller behind a bearer token: a live session of a verified, unlocked account, or null. */
export async function findSessionUser(deps: Deps, token: string): Promise<AuthUser | null> {
  const row = await deps.db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select(["sessions.id as sessionId", "users.id as id", "users.account_type as accountType"])
    .where("sessions.token_hash", "=", hashToken(token))
    .where("sessions.revoked_at", "is", null)
    .where("sessions.expires_at", ">", deps.now())
    .where("users.verified_at", "is not", null)
    .where("users.account_type", "!=", 2)
    .executeTakeFirst();
  return row ?? null;
}

export async function revokeSession(deps: Deps, sessionId: number): Promise<void> {
  await deps.db
    .updateTable("sessions")
    .set({ revoked_at: deps.now() })
    .where("id", "=", sessionId)
    .where("revoked_at", "is", null)
    .execute();
}

export async function revokeUserSessions(db: Kysely<Database>, userId: number, now: Date, keepSessionId?: number): Promise<void> {
  let query = db.updateTable("sessions").set({ revoked_at: now }).where("user_id", "=", userId).where("revoked_at", "is", null);
  if (keepSessionId !== undefined) query = query.where("id", "!=", keepSessionId);
  await query.execute();
}
