import type { Deps } from "../../deps.ts";
import { openToken } from "./token-cipher.ts";

export type ThreadsConnection = Awaited<ReturnType<typeof threadsConnections>>[number];

/**
 * The Threads connections Meta lets Nghe read now (connected or expiring: neither failing nor paused), in a stable
 * order, each with its token opened.
 */
export async function threadsConnections(deps: Deps) {
  const rows = await deps.db
    .selectFrom("connections")
    .select(["id", "account_id", "project_id", "external_user_id", "access_token", "token_key_id"])
    .where("provider", "=", "threads")
    .where("state", "in", ["connected", "expiring"])
    .orderBy("id")
    .execute();
  return rows.map(({ access_token, token_key_id, ...row }) => ({
    ...row,
    token: openToken(deps.config.connectionKeys, { value: access_token, keyId: token_key_id }),
  }));
}
