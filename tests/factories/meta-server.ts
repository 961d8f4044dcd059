import type { ServerResponse } from "node:http";
import accounts from "../fixtures/meta/accounts.json" with { type: "json" };
import feed from "../fixtures/meta/feed.json" with { type: "json" };
import { localServer, type Recorded } from "./local-server.ts";

/** What the stand-in hands out: the login dialog's code, the two user tokens, and the fixtures' pages and user. */
export const META = {
  code: "AQDkM2h0cnVuZ19uZ3V5ZW5fY29kZQ",
  shortToken: "EAAShortLivedTokenNhung4c1d2e",
  longToken: "EAALongLivedTokenNhung9f8e7d6c5b",
  user: accounts.user,
  pages: accounts.pages,
  feed,
  /** Feed entries per page of the /{page-id}/feed list. */
  feedPageSize: 2,
} as const;

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json; charset=UTF-8" });
  res.end(JSON.stringify(body));
}

/** Meta's documented error body: code 190 is an expired or revoked token, 100 a bad parameter. */
const oauthError = (res: ServerResponse, code: number, message: string) =>
  send(res, 400, { error: { message, type: "OAuthException", code, fbtrace_id: "AbCdEfGh123" } });

/**
 * A stand-in for Meta's Graph API on 127.0.0.1, speaking its wire format: both token exchanges at /oauth/access_token,
 * /me, /me/accounts (paged one page at a time), /{page-id}/feed with cursor paging, POST /{page-id}/subscribed_apps
 * with the page's token, DELETE /me/permissions, and
 * OAuthException error bodies. Setting `flags.revoked` makes every token answer code 190, as after the user removes
 * the app.
 */
export async function startMetaServer() {
  const flags = { revoked: false };
  const server = await localServer((req: Recorded, res) => {
    const url = new URL(req.url, `http://${req.headers.host}`);
    const q = url.searchParams;
    const token = q.get("access_token");
    const page = META.pages.find((p) => url.pathname === `/${p.id}/feed`);
    if (url.pathname === "/oauth/access_token") {
      if (q.get("client_secret") !== "meta-secret-nghe") return oauthError(res, 1, "Error validating client secret.");
      if (q.get("grant_type") === "fb_exchange_token")
        return q.get("fb_exchange_token") === META.shortToken
          ? send(res, 200, { access_token: META.longToken, token_type: "bearer", expires_in: 5_183_944 })
          : oauthError(res, 190, "Invalid OAuth access token - Cannot parse access token");
      return q.get("code") === META.code
        ? send(res, 200, { access_token: META.shortToken, token_type: "bearer", expires_in: 3600 })
        : oauthError(res, 100, "Invalid verification code format.");
    }
    const pageToken = META.pages.find((p) => p.access_token === token);
    if (flags.revoked || (token !== META.longToken && !pageToken))
      return oauthError(res, 190, "Error validating access token: The user has not authorized application 123456789.");
    if (url.pathname === "/me" && req.method === "GET") return send(res, 200, { id: META.user.id, name: META.user.name });
    if (url.pathname === "/me/permissions" && req.method === "DELETE") return send(res, 200, { success: true });
    if (url.pathname === "/me/accounts") {
      const at = Number(q.get("after") ?? 0);
      const next = new URL(url);
      next.searchParams.set("after", String(at + 1));
      const more = at + 1 < META.pages.length;
      return send(res, 200, {
        data: [META.pages[at]],
        paging: { cursors: { after: String(at + 1) }, ...(more ? { next: next.href } : {}) },
      });
    }
    const subscribed = META.pages.find((p) => url.pathname === `/${p.id}/subscribed_apps`);
    if (subscribed && req.method === "POST")
      return pageToken?.id === subscribed.id
        ? send(res, 200, { success: true })
        : oauthError(res, 190, "Invalid OAuth access token for this page.");
    if (page && pageToken?.id === page.id) {
      const at = Number(q.get("after") ?? 0);
      // The fixtures' feed is the first page's; the others have posted nothing yet.
      const posts = page.id === META.pages[0].id ? META.feed : [];
      const data = posts.slice(at, at + META.feedPageSize);
      const next = new URL(url);
      next.searchParams.set("after", String(at + META.feedPageSize));
      const more = at + META.feedPageSize < posts.length;
      return send(res, 200, { data, paging: { cursors: { after: String(at + META.feedPageSize) }, ...(more ? { next: next.href } : {}) } });
    }
    return send(res, 404, { error: { message: "Unknown path components", type: "OAuthException", code: 2500 } });
  });
  return { ...server, flags };
}
