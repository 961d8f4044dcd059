import type { ServerResponse } from "node:http";
import accounts from "../fixtures/meta/accounts.json" with { type: "json" };
import comments from "../fixtures/meta/comments.json" with { type: "json" };
import feed from "../fixtures/meta/feed.json" with { type: "json" };
import publicPage from "../fixtures/meta/public-page.json" with { type: "json" };
import tagged from "../fixtures/meta/tagged.json" with { type: "json" };
import { instagramRoute } from "./instagram-routes.ts";
import { localServer, type Recorded } from "./local-server.ts";

/** What the stand-in hands out: the login dialog's code, the two user tokens, and the fixtures' pages and user. */
export const META = {
  code: "AQDkM2h0cnVuZ19uZ3V5ZW5fY29kZQ",
  shortToken: "EAAShortLivedTokenNhung4c1d2e",
  longToken: "EAALongLivedTokenNhung9f8e7d6c5b",
  user: accounts.user,
  pages: accounts.pages,
  feed,
  /** The comments and replies of the first post, newest first as Meta lists them. */
  comments: comments as Record<string, (typeof comments)[keyof typeof comments]>,
  /** Posts of people who tagged the first page. */
  tagged,
  /** A public Page the user does not manage, read with the user's token (Page Public Content Access). */
  publicPage,
  /** Feed entries per page of the /{page-id}/feed list, comments per page of a post's comments. */
  feedPageSize: 2,
  commentsPageSize: 2,
} as const;

/** A page's Business Use Case usage as Meta reports it in X-Business-Use-Case-Usage (percentages, minutes). */
export type BusinessUsage = { call_count: number; total_cputime: number; total_time: number; estimated_time_to_regain_access: number };

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json; charset=UTF-8" });
  res.end(JSON.stringify(body));
}

/** A list's page in Meta's shape: `after` cursors, and `next` while more remain. */
function paged(res: ServerResponse, url: URL, items: unknown[], size: number) {
  const at = Number(url.searchParams.get("after") ?? 0);
  const next = new URL(url);
  next.searchParams.set("after", String(at + size));
  const more = at + size < items.length;
  send(res, 200, {
    data: items.slice(at, at + size),
    paging: { cursors: { after: String(at + size) }, ...(more ? { next: next.href } : {}) },
  });
}

/** Meta's documented error body: code 190 is an expired or revoked token, 100 a bad parameter. */
const oauthError = (res: ServerResponse, code: number, message: string) =>
  send(res, 400, { error: { message, type: "OAuthException", code, fbtrace_id: "AbCdEfGh123" } });

/**
 * A stand-in for Meta's Graph API on 127.0.0.1, speaking its wire format: both token exchanges at /oauth/access_token,
 * /me, /me/accounts (paged one page at a time), /{page-id}/feed with cursor paging, POST /{page-id}/subscribed_apps
 * with the page's token, /{post-id}/comments and /{page-id}/tagged, a public Page and its feed with the user's token,
 * DELETE /me/permissions, the Instagram routes of instagram-routes.ts (with the user token), and OAuthException error
 * bodies. Setting `flags.revoked` makes every token answer code 190, as after the user removes the app; `flags.usage`
 * adds the usage header to every answer; `flags.throttled` makes every call with a page's or the user's token but /me
 * fail with Meta's Business Use Case
 * throttling code (80001).
 */
export async function startMetaServer() {
  const flags: { revoked: boolean; throttled: boolean; usage: BusinessUsage | null } = { revoked: false, throttled: false, usage: null };
  const server = await localServer((req: Recorded, res) => {
    if (flags.usage)
      res.setHeader("x-business-use-case-usage", JSON.stringify({ [META.pages[0].id]: [{ type: "pages", ...flags.usage }] }));
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
    if (flags.throttled && (pageToken || token === META.longToken))
      return send(res, 400, {
        error: { message: "(#80001) There have been too many calls to this Page account.", type: "OAuthException", code: 80001 },
      });
    const subscribed = META.pages.find((p) => url.pathname === `/${p.id}/subscribed_apps`);
    if (subscribed && req.method === "POST")
      return pageToken?.id === subscribed.id
        ? send(res, 200, { success: true })
        : oauthError(res, 190, "Invalid OAuth access token for this page.");
    const reply = {
      send: (status: number, body: unknown) => send(res, status, body),
      paged: (items: unknown[], size: number) => paged(res, url, items, size),
    };
    if (token === META.longToken && instagramRoute(url, reply)) return;
    const first = pageToken?.id === META.pages[0].id;
    // The fixtures' feed, comments and tags are the first page's; the others have nothing yet.
    if (page && pageToken?.id === page.id) return paged(res, url, first ? META.feed : [], META.feedPageSize);
    if (url.pathname === `/${pageToken?.id}/tagged`) return send(res, 200, { data: first ? META.tagged : [] });
    const post = META.feed.find((p) => url.pathname === `/${p.id}/comments`);
    if (post && first) return paged(res, url, META.comments[post.id] ?? [], META.commentsPageSize);
    const { publicPage } = META;
    if (token === META.longToken && [`/${publicPage.id}`, `/${publicPage.username}`].includes(url.pathname))
      return send(res, 200, { id: publicPage.id, name: publicPage.name });
    if (token === META.longToken && url.pathname === `/${publicPage.id}/feed`) return paged(res, url, publicPage.feed, META.feedPageSize);
    if (token === META.longToken && /^\/[\w.]+$/.test(url.pathname))
      return send(res, 404, {
        error: { message: "(#803) Some of the aliases you requested do not exist", type: "OAuthException", code: 803 },
      });
    return send(res, 404, { error: { message: "Unknown path components", type: "OAuthException", code: 2500 } });
  });
  return { ...server, flags };
}
