import type { Deps } from "../../deps.ts";
import { openToken } from "./token-cipher.ts";

export type ZaloConnection = Awaited<ReturnType<typeof zaloConnections>>[number];

/**
 * The Zalo connections of the Official Account (or of every OA), in a stable order, each with its state, its tokens
 * opened and its OA source; a connection without its OA source (never stored so) is left out.
 */
export async function zaloConnections(deps: Deps, oaId?: string) {
  let query = deps.db
    .selectFrom("connections")
    .innerJoin("connection_sources as s", (join) => join.onRef("s.connection_id", "=", "connections.id").on("s.kind", "=", "zalo_oa"))
    .select([
      "connections.id",
      "connections.account_id",
      "connections.project_id",
      "connections.state",
      "connections.access_token",
      "connections.token_key_id",
      "connections.refresh_token",
      "connections.refresh_key_id",
      "s.id as source_id",
      "s.external_id as oa_id",
      "s.name as oa_name",
      "s.backfill_cursor",
      "s.backfill_done",
      "s.followed",
    ])
    .where("connections.provider", "=", "zalo");
  if (oaId !== undefined) query = query.where("s.external_id", "=", oaId);
  const rows = await query.orderBy("connections.id").execute();
  const keys = deps.config.connectionKeys;
  return rows.map(({ access_token, token_key_id, refresh_token, refresh_key_id, ...row }) => ({
    ...row,
    token: openToken(keys, { value: access_token, keyId: token_key_id }),
    refreshToken: refresh_token && refresh_key_id ? openToken(keys, { value: refresh_token, keyId: refresh_key_id }) : null,
  }));
}
