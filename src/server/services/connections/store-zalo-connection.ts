import type { ZaloTokens } from "../../collectors/zalo-api.ts";
import type { Deps } from "../../deps.ts";
import { storeConnection } from "./store-connection.ts";
import { sealToken } from "./token-cipher.ts";

export type ZaloGrant = { accountId: number; projectId: number; oa: { id: string; name: string }; tokens: ZaloTokens };

/** The refreshed tokens, sealed, on a Zalo connection: the refresh token is single-use, so both are replaced together. */
export async function saveZaloTokens(deps: Deps, connectionId: number, tokens: ZaloTokens): Promise<void> {
  const keys = deps.config.connectionKeys;
  const access = sealToken(keys, tokens.accessToken);
  const refresh = sealToken(keys, tokens.refreshToken);
  await deps.db
    .updateTable("connections")
    .set({
      access_token: access.value,
      token_key_id: access.keyId,
      refresh_token: refresh.value,
      refresh_key_id: refresh.keyId,
      access_expires_at: tokens.accessExpiresAt,
      expires_at: tokens.refreshExpiresAt,
      token_issued_at: deps.now(),
    })
    .where("id", "=", connectionId)
    .execute();
}

/**
 * Keeps the project's connection to the Official Account (the OA is the connection's user) and the OA itself as its
 * one source, followed: it is the customer's own, and its followers' messages arrive by webhook. A reconnection renews
 * the tokens and clears a failure; the backfill already done stays done.
 */
export async function storeZaloConnection(deps: Deps, grant: ZaloGrant): Promise<number> {
  return deps.db.transaction().execute(async (trx) => {
    const within = { ...deps, db: trx };
    const accessToken = grant.tokens.accessToken;
    const id = await storeConnection(within, "zalo", { ...grant, user: grant.oa, accessToken, expiresAt: grant.tokens.refreshExpiresAt });
    await saveZaloTokens(within, id, grant.tokens);
    await trx
      .insertInto("connection_sources")
      .values({
        connection_id: id,
        account_id: grant.accountId,
        project_id: grant.projectId,
        kind: "zalo_oa",
        external_id: grant.oa.id,
        name: grant.oa.name,
        access_token: null,
        token_key_id: null,
        followed: true,
        backfill_cursor: null,
        created_at: deps.now(),
      })
      .onConflict((oc) => oc.columns(["connection_id", "kind", "external_id"]).doUpdateSet({ name: grant.oa.name }))
      .execute();
    return id;
  });
}
