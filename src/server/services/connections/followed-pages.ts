import type { Deps } from "../../deps.ts";
import { openToken } from "./token-cipher.ts";

/**
 * The followed Facebook pages, the customer's own and public ones, of connections Meta lets Nghe read now (connected or
 * expiring: neither failing nor paused), in a stable order, for a collection round to narrow down.
 */
export function followedPages(deps: Deps) {
  return deps.db
    .selectFrom("connection_sources as s")
    .innerJoin("connections as c", "c.id", "s.connection_id")
    .select(["s.id", "s.kind", "s.connection_id", "s.account_id", "s.project_id", "s.external_id", "s.name"])
    .select(["s.access_token", "s.token_key_id", "s.backfill_cursor", "s.polled_at"])
    .select(["c.access_token as user_token", "c.token_key_id as user_token_key_id"])
    .where((eb) =>
      eb.or([eb.and([eb("s.kind", "=", "facebook_page"), eb("s.access_token", "is not", null)]), eb("s.kind", "=", "public_page")]),
    )
    .where("s.followed", "=", true)
    .where("c.state", "in", ["connected", "expiring"])
    .orderBy("s.id");
}

type Sealed = { access_token: string | null; token_key_id: string | null };

/** A sealed token, opened with the key that sealed it. */
export const openSealed = (deps: Deps, sealed: Sealed) =>
  openToken(deps.config.connectionKeys, { value: sealed.access_token ?? "", keyId: sealed.token_key_id ?? "" });

/** The token a page is read with: its own, or for a public page the user's. */
export const pageToken = (deps: Deps, page: Sealed & { user_token: string; user_token_key_id: string }) =>
  openSealed(deps, page.access_token ? page : { access_token: page.user_token, token_key_id: page.user_token_key_id });
