import { Hono, type Context } from "hono";
import { API } from "../../../shared/api-contract.ts";
import { ConnectionPath, ConnectionsQuery, MetaCallbackQuery, RedirectSchema } from "../../../shared/schemas/connections.ts";
import { ZaloCallbackQuery } from "../../../shared/schemas/zalo.ts";
import { parseOrThrow } from "../../errors.ts";
import {
  addPublicPage,
  completeMetaConnection,
  completeThreadsConnection,
  completeLinkedinConnection,
  completeTiktokConnection,
  disconnect,
  followSources,
  listConnections,
  startMetaConnection,
  startThreadsConnection,
  startZaloConnection,
  completeZaloConnection,
  startLinkedinConnection,
  startTiktokConnection,
} from "../../services/connections/index.ts";
import type { AppEnv } from "../context.ts";
import { ok, redirectTo } from "../envelope.ts";
import { requireUser } from "../middleware/auth.ts";
import { fromQuery } from "../query-route.ts";
import { apiDoc, readingQuery } from "../route-doc.ts";
import { validateJson } from "../validate.ts";

const projectOf = (c: Context<AppEnv>) => parseOrThrow(ConnectionsQuery, c.req.query()).project_id;

type Start = typeof startMetaConnection;

/**
 * The screen's session is a bearer token, which a page navigation cannot carry: it fetches the dialog's address as JSON
 * and goes there itself; any other caller is redirected.
 */
async function goToDialog(c: Context<AppEnv>, start: Start) {
  const location = await start(c.get("deps"), c.get("user"), projectOf(c), c.get("lang") ?? "vi");
  return c.req.header("accept")?.includes("application/json") ? ok(c, { location }) : redirectTo(c, location);
}

/** Connected accounts (issue 35, docs/channels/meta.md): the caller's own pages and Instagram accounts. */
export const connectionRoutes = new Hono<AppEnv>()
  .get(
    "/",
    apiDoc({
      summary: "The providers and the project's connections with their pages and accounts (never a token)",
      response: API.connections.response,
    }),
    requireUser,
    fromQuery(ConnectionsQuery, (c, query) => listConnections(c.get("deps"), c.get("user").id, query.project_id)),
  )
  .get(
    "/meta/start",
    apiDoc({
      summary: "Meta's login dialog to connect pages to the project: a 302 there, or its address as JSON to `Accept: application/json`",
      response: RedirectSchema,
    }),
    requireUser,
    readingQuery(ConnectionsQuery, (c: Context<AppEnv>) => goToDialog(c, startMetaConnection)),
  )
  .get(
    "/meta/callback",
    apiDoc({
      summary: "Where Meta's login dialog returns: stores the pages and sends the browser to the connections screen",
      response: RedirectSchema,
    }),
    readingQuery(MetaCallbackQuery, async (c: Context<AppEnv>) =>
      redirectTo(c, await completeMetaConnection(c.get("deps"), parseOrThrow(MetaCallbackQuery, c.req.query()))),
    ),
  )
  .get(
    "/threads/start",
    apiDoc({
      summary:
        "Threads' authorization window to connect an account to the project: a 302 there, or its address as JSON to `Accept: application/json`",
      response: RedirectSchema,
    }),
    requireUser,
    readingQuery(ConnectionsQuery, (c: Context<AppEnv>) => goToDialog(c, startThreadsConnection)),
  )
  .get(
    "/threads/callback",
    apiDoc({
      summary: "Where Threads' authorization window returns: stores the account and sends the browser to the connections screen",
      response: RedirectSchema,
    }),
    readingQuery(MetaCallbackQuery, async (c: Context<AppEnv>) =>
      redirectTo(c, await completeThreadsConnection(c.get("deps"), parseOrThrow(MetaCallbackQuery, c.req.query()))),
    ),
  )
  .get(
    "/zalo/start",
    apiDoc({
      summary:
        "Zalo's permission page (OAuth v4 with PKCE) to connect an Official Account to the project: a 302 there, or its address as JSON to `Accept: application/json`",
      response: RedirectSchema,
    }),
    requireUser,
    readingQuery(ConnectionsQuery, (c: Context<AppEnv>) => goToDialog(c, startZaloConnection)),
  )
  .get(
    "/zalo/callback",
    apiDoc({
      summary: "Where Zalo's permission page returns: stores the Official Account and sends the browser to the connections screen",
      response: RedirectSchema,
    }),
    readingQuery(ZaloCallbackQuery, async (c: Context<AppEnv>) =>
      redirectTo(c, await completeZaloConnection(c.get("deps"), parseOrThrow(ZaloCallbackQuery, c.req.query()))),
    ),
  )
  .get(
    "/tiktok/start",
    apiDoc({
      summary:
        "TikTok's authorization page to connect a business account to the project: a 302 there, or its address as JSON to `Accept: application/json`",
      response: RedirectSchema,
    }),
    requireUser,
    readingQuery(ConnectionsQuery, (c: Context<AppEnv>) => goToDialog(c, startTiktokConnection)),
  )
  .get(
    "/tiktok/callback",
    apiDoc({
      summary: "Where TikTok's authorization page returns: stores the business account and sends the browser to the connections screen",
      response: RedirectSchema,
    }),
    readingQuery(MetaCallbackQuery, async (c: Context<AppEnv>) =>
      redirectTo(c, await completeTiktokConnection(c.get("deps"), parseOrThrow(MetaCallbackQuery, c.req.query()))),
    ),
  )
  .get(
    "/linkedin/start",
    apiDoc({
      summary:
        "LinkedIn's authorization page to connect the organisations a member administers: a 302 there, or its address as JSON to `Accept: application/json`",
      response: RedirectSchema,
    }),
    requireUser,
    readingQuery(ConnectionsQuery, (c: Context<AppEnv>) => goToDialog(c, startLinkedinConnection)),
  )
  .get(
    "/linkedin/callback",
    apiDoc({
      summary:
        "Where LinkedIn's authorization page returns: stores the member's organisations and sends the browser to the connections screen",
      response: RedirectSchema,
    }),
    readingQuery(MetaCallbackQuery, async (c: Context<AppEnv>) =>
      redirectTo(c, await completeLinkedinConnection(c.get("deps"), parseOrThrow(MetaCallbackQuery, c.req.query()))),
    ),
  )
  .post(
    "/sources/follow",
    apiDoc({
      summary: "Follows or stops following pages and Instagram accounts of the project's connections",
      response: API.followSources.response,
    }),
    requireUser,
    validateJson(API.followSources.body),
    async (c) => ok(c, await followSources(c.get("deps"), c.get("user").id, c.req.valid("json"))),
  )
  .post(
    "/:id/public-pages",
    apiDoc({
      summary: "Follows a public Page the customer does not manage, where Meta granted the app Page Public Content Access",
      response: API.addPublicPage.response,
    }),
    requireUser,
    validateJson(API.addPublicPage.body),
    async (c) =>
      ok(c, await addPublicPage(c.get("deps"), c.get("user").id, parseOrThrow(ConnectionPath, c.req.param()).id, c.req.valid("json"))),
  )
  .delete(
    "/:id",
    apiDoc({ summary: "Disconnects: removes the tokens and sources, keeps the mentions collected", response: API.disconnect.response }),
    requireUser,
    async (c) => ok(c, await disconnect(c.get("deps"), c.get("user").id, parseOrThrow(ConnectionPath, c.req.param()).id)),
  );
