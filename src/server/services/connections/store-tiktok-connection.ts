import type { Deps } from "../../deps.ts";
import type { TiktokToken } from "../../collectors/tiktok-api.ts";
import type { StartedBy } from "./connection-states.ts";
import { storeConnection } from "./store-connection.ts";
import { sealToken } from "./token-cipher.ts";

/**
 * Keeps the project's connection to the TikTok business account with both tokens encrypted, and the account as its one
 * source, followed from the start (there is nothing else to choose): the next round backfills it.
 */
export async function storeTiktokConnection(
  deps: Deps,
  started: StartedBy,
  account: { id: string; name: string },
  token: TiktokToken,
): Promise<number> {
  const id = await storeConnection(deps, "tiktok", {
    ...started,
    user: account,
    accessToken: token.accessToken,
    expiresAt: token.expiresAt,
  });
  await saveRefreshToken(deps, id, token);
  await deps.db
    .insertInto("connection_sources")
    .values({
      connection_id: id,
      account_id: started.accountId,
      project_id: started.projectId,
      kind: "tiktok_account",
      external_id: account.id,
      name: account.name,
      followed: true,
      created_at: deps.now(),
    })
    .onConflict((oc) => oc.columns(["connection_id", "kind", "external_id"]).doUpdateSet({ name: account.name }))
    .execute();
  return id;
}

/** Both tokens sealed under one key, with when each runs out. */
export async function saveRefreshToken(deps: Deps, connectionId: number, token: TiktokToken): Promise<void> {
  const keys = deps.config.connectionKeys;
  const access = sealToken(keys, token.accessToken);
  const refresh = sealToken(keys, token.refreshToken);
  await deps.db
    .updateTable("connections")
    .set({
      access_token: access.value,
      refresh_token: refresh.value,
      token_key_id: access.keyId,
      expires_at: token.expiresAt,
      refresh_expires_at: token.refreshExpiresAt,
      token_issued_at: deps.now(),
    })
    .where("id", "=", connectionId)
    .execute();
}
