import type { ConnectionProvider } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { sealToken } from "./token-cipher.ts";

export type Grant = {
  accountId: number;
  projectId: number;
  user: { id: string; name: string };
  accessToken: string;
  expiresAt: Date | null;
};

/**
 * Keeps the project's connection to a provider's user, its token encrypted: a reconnection of the same user renews its
 * token and clears a failure or pause. Its id.
 */
export async function storeConnection(deps: Deps, provider: ConnectionProvider, grant: Grant): Promise<number> {
  const now = deps.now();
  const token = sealToken(deps.config.connectionKeys, grant.accessToken);
  const renewed = {
    external_user_name: grant.user.name,
    access_token: token.value,
    token_key_id: token.keyId,
    expires_at: grant.expiresAt,
    token_issued_at: now,
    state: "connected" as const,
    failing_since: null,
    reason: null,
  };
  const { id } = await deps.db
    .insertInto("connections")
    .values({
      ...renewed,
      account_id: grant.accountId,
      project_id: grant.projectId,
      provider,
      external_user_id: grant.user.id,
      created_at: now,
    })
    .onConflict((oc) => oc.columns(["account_id", "project_id", "provider", "external_user_id"]).doUpdateSet(renewed))
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}
