import type { GraphApp } from "../../config.ts";
import type { Deps } from "../../deps.ts";
import { newMeter } from "../../collectors/meta-http.ts";
import { TiktokApiError } from "../../collectors/tiktok-api.ts";
import { ingestDocuments } from "../ingest/index.ts";
import { freshTiktokToken } from "./fresh-tiktok-token.ts";
import { markFailing } from "./mark-failing.ts";
import { readTiktokAccount } from "./read-tiktok-account.ts";
import { pauseConnection, resumePausedConnections } from "./pause-connection.ts";
import { type TiktokConnection, tiktokConnections } from "./tiktok-connections.ts";

/**
 * One round over the TikTok connections: each account's videos, comments and replies are the connected project's
 * mentions whether or not they name a keyword, in the account's private scope. The first round is the backfill, its
 * count shown on the screen. A token TikTok refuses marks the connection failing with TikTok's message; TikTok limiting
 * the calls pauses it.
 */
export async function collectTiktok(deps: Deps): Promise<{ connections: number; documents: number }> {
  const app = deps.config.tiktok;
  if (!app) return { connections: 0, documents: 0 };
  await resumePausedConnections(deps);
  const connections = await tiktokConnections(deps);
  let documents = 0;
  for (const connection of connections) {
    try {
      documents += await collectOne(deps, app, connection);
    } catch (error) {
      if (!(error instanceof TiktokApiError)) throw error;
      if (error.expired) await markFailing(deps, connection.id, error.message);
      else if (error.throttled) await pauseConnection(deps, connection.id, newMeter(), error.message);
      else deps.log.warn("tiktok collection stopped", { connection: connection.id, reason: error.message });
    }
  }
  return { connections: connections.length, documents };
}

async function collectOne(deps: Deps, app: GraphApp, connection: TiktokConnection): Promise<number> {
  const token = await freshTiktokToken(deps, app, connection);
  const account = { id: connection.external_user_id, name: connection.external_user_name, username: null };
  const found = await readTiktokAccount(deps, app, token, account, !connection.backfill_done);
  const scope = { scope: { accountId: connection.account_id }, ownedBy: [connection.project_id] };
  const { inserted } = await ingestDocuments(deps, found, scope);
  await deps.db
    .updateTable("connection_sources")
    .set((eb) => ({ backfill_collected: eb("backfill_collected", "+", inserted), backfill_done: true, polled_at: deps.now() }))
    .where("id", "=", connection.source_id)
    .execute();
  return inserted;
}
