import type { Deps } from "../../deps.ts";
import { subscribeMetaPage } from "../../collectors/meta-graph.ts";
import { MetaGraphError, newMeter } from "../../collectors/meta-http.ts";
import { markFailing } from "./mark-failing.ts";
import { pauseConnection } from "./pause-connection.ts";
import { openToken } from "./token-cipher.ts";

/**
 * Installs the app on followed Facebook pages (again is harmless) so that Meta delivers their feed (docs/channels/meta.md). A page
 * Meta refuses marks its connection failing with Meta's reason, for the screen to ask for a reconnection (paused
 * instead when Meta is throttling); the follow itself stands, and a later follow tries again.
 */
export async function subscribePages(deps: Deps, accountId: number, sourceIds: number[]): Promise<void> {
  const meta = deps.config.meta;
  if (!meta || sourceIds.length === 0) return;
  const pages = await deps.db
    .selectFrom("connection_sources")
    .select(["connection_id", "external_id", "access_token", "token_key_id"])
    .where("account_id", "=", accountId)
    .where("id", "in", sourceIds)
    .where("kind", "=", "facebook_page")
    .execute();
  for (const page of pages) {
    if (!page.access_token || !page.token_key_id) continue;
    try {
      await subscribeMetaPage(
        meta,
        page.external_id,
        openToken(deps.config.connectionKeys, { value: page.access_token, keyId: page.token_key_id }),
      );
    } catch (error) {
      if (!(error instanceof MetaGraphError)) throw error;
      if (error.throttled) await pauseConnection(deps, page.connection_id, newMeter(), error.message);
      else await markFailing(deps, page.connection_id, error.message);
    }
  }
}
