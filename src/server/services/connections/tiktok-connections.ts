import type { Deps } from "../../deps.ts";
import { openToken } from "./token-cipher.ts";

export type TiktokConnection = Awaited<ReturnType<typeof tiktokConnections>>[number];

/**
 * The TikTok connections Nghe reads now (connected or expiring), in a stable order, each with its tokens opened and its
 * account's source (followed unless the customer stopped it).
 */
export async function tiktokConnections(deps: Deps) {
  const rows = await deps.db
    .selectFrom("connections")
    .innerJoin("connection_sources as s", (join) =>
      join.onRef("s.connection_id", "=", "connections.id").on("s.kind", "=", "tiktok_account"),
    )
    .select([
      "connections.id",
      "connections.account_id",
      "connections.project_id",
      "connections.external_user_id",
      "connections.external_user_name",
      "connections.access_token",
      "connections.refresh_token",
      "connections.token_key_id",
      "connections.expires_at",
      "s.id as source_id",
      "s.backfill_done",
    ])
    .where("connections.provider", "=", "tiktok")
    .where("connections.state", "in", ["connected", "expiring"])
    .where("s.followed", "=", true)
    .orderBy("connections.id")
    .execute();
  const keys = deps.config.connectionKeys;
  return rows.map(({ access_token, refresh_token, token_key_id, ...row }) => ({
    ...row,
    token: openToken(keys, { value: access_token, keyId: token_key_id }),
    refreshToken: refresh_token ? openToken(keys, { value: refresh_token, keyId: token_key_id }) : null,
  }));
}
