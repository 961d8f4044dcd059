import type { Deps } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import { readMetaPublicPage } from "../../collectors/meta-graph.ts";
import { MetaGraphError } from "../../collectors/meta-http.ts";
import { type AddPublicPageBody, PUBLIC_PAGES_MAX } from "../../../shared/schemas/connections.ts";
import { markFailing } from "./mark-failing.ts";
import { publicPageRef } from "./public-page-ref.ts";
import { openToken } from "./token-cipher.ts";

/**
 * Follows a public Page the customer does not manage (a competitor's, a community's) through one of the project's
 * connections, when Meta granted the app Page Public Content Access. Its posts are read with the connection's user
 * token and, unlike the customer's own Pages, are mentions only where the project's keywords match.
 */
export async function addPublicPage(
  deps: Deps,
  accountId: number,
  connectionId: number,
  input: typeof AddPublicPageBody.infer,
): Promise<{ id: number; external_id: string; name: string }> {
  const connection = await deps.db
    .selectFrom("connections")
    .select(["id", "access_token", "token_key_id"])
    .where("id", "=", connectionId)
    .where("account_id", "=", accountId)
    .where("project_id", "=", input.project_id)
    .where("provider", "=", "meta")
    .executeTakeFirst();
  if (!connection) throw AppError.of(404, "connections.not_found");
  const meta = deps.config.meta;
  if (!meta?.publicContent) throw AppError.of(409, "connections.public_pages_unavailable");
  const ref = publicPageRef(input.page);
  if (!ref) throw AppError.of(422, "connections.public_page_invalid", undefined, "page");
  const { count } = await deps.db
    .selectFrom("connection_sources")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("connection_id", "=", connectionId)
    .where("kind", "=", "public_page")
    .executeTakeFirstOrThrow();
  if (Number(count) >= PUBLIC_PAGES_MAX) throw AppError.of(422, "connections.public_pages_limit", { max: PUBLIC_PAGES_MAX }, "page");
  const token = openToken(deps.config.connectionKeys, { value: connection.access_token, keyId: connection.token_key_id });
  const page = await readMetaPublicPage(meta, ref, token).catch(async (error: unknown) => {
    if (!(error instanceof MetaGraphError) || error.code === null) throw AppError.of(503, "connections.meta_unreachable");
    if (!error.expired) throw AppError.of(422, "connections.public_page_not_found", undefined, "page");
    await markFailing(deps, connectionId, error.message);
    throw AppError.of(409, "connections.meta_refused");
  });
  const source = { name: page.name, followed: true, account_id: accountId, project_id: input.project_id };
  const { id } = await deps.db
    .insertInto("connection_sources")
    .values({ ...source, connection_id: connectionId, kind: "public_page", external_id: page.id, created_at: deps.now() })
    .onConflict((oc) => oc.columns(["connection_id", "kind", "external_id"]).doUpdateSet(source))
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id, external_id: page.id, name: page.name };
}
