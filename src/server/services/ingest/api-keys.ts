import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { hashToken, newToken } from "../security/tokens.ts";

const PREFIX = "nk_";

/** A key is shown once, at creation; only its hash is stored. */
export async function createApiKey(db: Kysely<Database>, userId: number, label: string, now: Date) {
  const key = `${PREFIX}${newToken()}`;
  const row = await db
    .insertInto("api_keys")
    .values({ user_id: userId, label, key_hash: hashToken(key), key_prefix: key.slice(0, 10), created_at: now })
    .returning(["id", "key_prefix"])
    .executeTakeFirstOrThrow();
  return { id: row.id, key };
}

export async function revokeApiKey(db: Kysely<Database>, id: number, now: Date): Promise<boolean> {
  const result = await db.updateTable("api_keys").set({ revoked_at: now }).where("id", "=", id).where("revoked_at", "is", null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The account behind a live key (not revoked, account not locked); marks the key as used. */
export async function findApiKeyOwner(db: Kysely<Database>, key: string, now: Date): Promise<{ keyId: number; userId: number } | null> {
  if (!key.startsWith(PREFIX)) return null;
  const row = await db
    .selectFrom("api_keys")
    .innerJoin("users", "users.id", "api_keys.user_id")
    .select(["api_keys.id as keyId", "users.id as userId"])
    .where("api_keys.key_hash", "=", hashToken(key))
    .where("api_keys.revoked_at", "is", null)
    .where("users.account_type", "!=", 2)
    .executeTakeFirst();
  if (row) await db.updateTable("api_keys").set({ last_used_at: now }).where("id", "=", row.keyId).execute();
  return row ?? null;
}
