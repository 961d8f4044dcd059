import type { Deps } from "../../deps.ts";
import { openToken } from "./token-cipher.ts";

/**
 * The followed Facebook pages of connections Meta lets Nghe read now (connected or expiring: neither failing nor
 * paused), in a stable order, with their page tokens opened, for a collection round to narrow down.
 */
export function followedPages(deps: Deps) {
  return deps.db
    .selectFrom("connection_sources as s")
    .innerJoin("connections as c", "c.id", "s.connection_id")
    .select(["s.id", "s.connection_id", "s.account_id", "s.project_id", "s.external_id", "s.name", "s.access_token", "s.token_key_id"])
    .select(["s.backfill_cursor", "s.polled_at"])
    .where("s.kind", "=", "facebook_page")
    .where("s.followed", "=", true)
    .where("s.access_token", "is not", null)
    .where("c.state", "in", ["connected", "expiring"])
    .orderBy("s.id");
}

/** A page's token, opened with the key that sealed it. */
export const pageToken = (deps: Deps, page: { access_token: string | null; token_key_id: string | null }) =>
  openToken(deps.config.connectionKeys, { value: page.access_token ?? "", keyId: page.token_key_id ?? "" });
