import type { Deps } from "../../deps.ts";

/**
 * The followed Instagram professional accounts of connections Meta lets Nghe read now (connected or expiring), in a
 * stable order, each with its connection's sealed user token: the Instagram Graph API reads an account with the token of
 * the Facebook user who manages its page (docs/channels/meta.md).
 */
export function followedInstagramAccounts(deps: Deps) {
  return deps.db
    .selectFrom("connection_sources as s")
    .innerJoin("connections as c", "c.id", "s.connection_id")
    .select(["s.id", "s.connection_id", "s.account_id", "s.project_id", "s.external_id", "s.name", "s.backfill_cursor"])
    .select(["c.access_token", "c.token_key_id"])
    .where("s.kind", "=", "instagram_account")
    .where("s.followed", "=", true)
    .where("c.state", "in", ["connected", "expiring"])
    .orderBy("s.id");
}
