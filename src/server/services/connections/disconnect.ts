import type { Deps } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import { revokeMeta } from "../../collectors/meta-graph.ts";
import { openToken } from "./token-cipher.ts";

/** Long enough for Meta to answer, short enough that a slow Meta does not hold the customer's click. */
const REVOKE_WAIT_MS = 5_000;

/**
 * Removes one of the account's connections, its tokens and its sources; the documents it brought stay. Meta is asked to
 * withdraw the app's permissions when no other connection uses them; its failure (or silence) does not keep the
 * connection.
 */
export async function disconnect(deps: Deps, accountId: number, connectionId: number): Promise<Record<string, never>> {
  const removed = await deps.db
    .deleteFrom("connections")
    .where("id", "=", connectionId)
    .where("account_id", "=", accountId)
    .returning(["provider", "external_user_id", "access_token", "token_key_id"])
    .executeTakeFirst();
  if (!removed) throw AppError.of(404, "connections.not_found");
  const meta = deps.config.meta;
  // Withdrawing the permissions removes the app for that Meta user everywhere: not while another connection uses it.
  const stillUsed = await deps.db
    .selectFrom("connections")
    .select("id")
    .where("provider", "=", removed.provider)
    .where("external_user_id", "=", removed.external_user_id)
    .executeTakeFirst();
  // Threads documents no call withdrawing its permissions: the token is deleted, and runs out by itself.
  if (meta && removed.provider === "meta" && !stillUsed) {
    const revoked = Promise.resolve()
      .then(() => revokeMeta(meta, openToken(deps.config.connectionKeys, { value: removed.access_token, keyId: removed.token_key_id })))
      .catch((error: Error) => deps.log.warn("meta permissions not revoked", { reason: error.message }));
    await Promise.race([revoked, new Promise((resolve) => setTimeout(resolve, REVOKE_WAIT_MS).unref())]);
  }
  return {};
}
