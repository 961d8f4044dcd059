import type { Deps } from "../../deps.ts";
import { subscribeMetaPage } from "../../collectors/meta-graph.ts";
import { newMeter } from "../../collectors/meta-http.ts";
import { settleRefusal } from "./settle-refusal.ts";
import { openToken } from "./token-cipher.ts";

/**
 * Installs the app on followed Facebook pages (again is harmless) so that Meta delivers their feed (docs/channels/meta.md).
 * Meta's refusals are settled by settleRefusal (an expired token marks the connection failing for the screen to ask for
 * a reconnection, throttling pauses it); the follow itself stands, and a later follow tries again.
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
      await settleRefusal(deps, page.connection_id, newMeter(), error);
    }
  }
}
