import type { Deps } from "../../deps.ts";
import type { Kysely } from "kysely";
import { ACCOUNT_TYPE } from "../../../shared/account.ts";
import type { Database } from "../../db/schema.ts";
import type { DocumentScope } from "../../db/document-scope.ts";
import { hashToken, newToken } from "../security/index.ts";

const PREFIX = "nk_";

/**
 * A key delivers documents into one scope: an account's own (the key belongs to the account) or the public pool (a
 * key without an account, for partner crawlers of public content). It is shown once, at creation; only its hash is stored.
 */
export async function createApiKey(db: Kysely<Database>, scope: DocumentScope, label: string, now: Date) {
  const key = `${PREFIX}${newToken()}`;
  const row = await db
    .insertInto("api_keys")
    .values({
      user_id: scope === "pool" ? null : scope.accountId,
      label,
      key_hash: hashToken(key),
      key_prefix: key.slice(0, 10),
      created_at: now,
    })
    .returning(["id", "key_prefix"])
    .executeTakeFirstOrThrow();
  return { id: row.id, key, scope: scope === "pool" ? "pool" : "account" };
}

export async function revokeApiKey(db: Kysely<Database>, id: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable("api_keys")
    .set({ revoked_at: now })
    .where("id", "=", id)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A live key (not revoked, its account not locked) and the scope it delivers into; marks the key as used. */
export async function findApiKeyOwner(deps: Deps, key: string): Promise<{ keyId: number; scope: DocumentScope } | null> {
  if (!key.startsWith(PREFIX)) return null;
  const row = await deps.db
    .selectFrom("api_keys")
    .leftJoin("users", "users.id", "api_keys.user_id")
    .select(["api_keys.id as keyId", "api_keys.user_id as userId", "users.account_type"])
    .where("api_keys.key_hash", "=", hashToken(key))
    .where("api_keys.revoked_at", "is", null)
    .executeTakeFirst();
  if (!row || row.account_type === ACCOUNT_TYPE.locked) return null;
  await deps.db.updateTable("api_keys").set({ last_used_at: deps.now() }).where("id", "=", row.keyId).execute();
  return { keyId: row.keyId, scope: row.userId === null ? "pool" : { accountId: row.userId } };
}

/** Every key with its scope and owner, for staff. */
export async function listApiKeys(db: Kysely<Database>) {
  const rows = await db
    .selectFrom("api_keys")
    .leftJoin("users", "users.id", "api_keys.user_id")
    .select([
      "api_keys.id",
      "users.username",
      "api_keys.label",
      "api_keys.key_prefix",
      "api_keys.created_at",
      "api_keys.last_used_at",
      "api_keys.revoked_at",
    ])
    .orderBy("api_keys.id")
    .execute();
  return rows.map(({ id, username, ...rest }) => ({ id, scope: username === null ? "pool" : "account", username, ...rest }));
}
