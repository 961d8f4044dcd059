import type { ServerResponse } from "node:http";
import search from "../fixtures/threads/keyword-search.json" with { type: "json" };
import me from "../fixtures/threads/me.json" with { type: "json" };
import ownThreads from "../fixtures/threads/own-threads.json" with { type: "json" };
import replies from "../fixtures/threads/replies.json" with { type: "json" };
import { localServer, type Recorded } from "./local-server.ts";

export const THREADS_SECRET = "threads-secret-nghe";

/** What the stand-in hands out: the authorization code, the three tokens, and the fixtures' user, posts and replies. */
export const THREADS = {
  code: "AQBx7Th3adsC0deNghe#_",
  shortToken: "THQWShortLivedNghe1a2b3c",
  longToken: "THQWLongLivedNghe4d5e6f",
  refreshedToken: "THQWRefreshedNghe7a8b9c",
  user: me,
  search,
  ownThreads,
  replies: replies as Record<string, (typeof replies)[keyof typeof replies]>,
  expiresIn: 5_183_944,
} as const;

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json; charset=UTF-8" });
  res.end(JSON.stringify(body));
}

/** Threads' error body, Graph's format: code 190 is an expired or revoked token. */
const oauthError = (res: ServerResponse, code: number, message: string) =>
  send(res, 400, { error: { message, type: "OAuthException", code, fbtrace_id: "AThr3adsTrace" } });

const folded = (text: string) => text.normalize("NFC").toLocaleLowerCase("vi");

/**
 * A stand-in for Meta's Threads API on 127.0.0.1, speaking its wire format: POST /oauth/access_token (the code),
 * GET /access_token (th_exchange_token), GET /refresh_access_token (th_refresh_token), /me, /keyword_search (the
 * fixtures' posts containing `q`, published since `since`), /me/threads and /{thread-id}/replies. `flags.revoked`
 * makes every token answer code 190, as after the user removes the app.
 */
export async function startThreadsServer() {
  const flags = { revoked: false };
  const server = await localServer((req: Recorded, res) => {
    const url = new URL(req.url, `http://${req.headers.host}`);
    const q = url.searchParams;
    const token = q.get("access_token");
    if (url.pathname === "/oauth/access_token" && req.method === "POST") {
      if (q.get("client_secret") !== THREADS_SECRET) return oauthError(res, 1, "Error validating client secret.");
      return q.get("code") === THREADS.code && q.get("grant_type") === "authorization_code"
        ? send(res, 200, { access_token: THREADS.shortToken, user_id: Number(THREADS.user.id) })
        : oauthError(res, 100, "Invalid verification code format.");
    }
    if (url.pathname === "/access_token" && q.get("grant_type") === "th_exchange_token") {
      return token === THREADS.shortToken && q.get("client_secret") === THREADS_SECRET
        ? send(res, 200, { access_token: THREADS.longToken, token_type: "bearer", expires_in: THREADS.expiresIn })
        : oauthError(res, 190, "Invalid OAuth access token - Cannot parse access token");
    }
    const valid = token === THREADS.longToken || token === THREADS.refreshedToken;
    if (flags.revoked || !valid)
      return oauthError(res, 190, "Error validating access token: The user has not authorized application 998877.");
    if (url.pathname === "/refresh_access_token" && q.get("grant_type") === "th_refresh_token")
      return send(res, 200, { access_token: THREADS.refreshedToken, token_type: "bearer", expires_in: THREADS.expiresIn });
    if (url.pathname === "/me") return send(res, 200, THREADS.user);
    if (url.pathname === "/keyword_search") {
      const keyword = folded(q.get("q") ?? "");
      const since = Number(q.get("since") ?? 0) * 1000;
      const found = THREADS.search.filter((p) => folded(p.text).includes(keyword) && new Date(p.timestamp).getTime() >= since);
      return send(res, 200, { data: found });
    }
    if (url.pathname === "/me/threads") return send(res, 200, { data: THREADS.ownThreads });
    const thread = THREADS.ownThreads.find((t) => url.pathname === `/${t.id}/replies`);
    if (thread) return send(res, 200, { data: THREADS.replies[thread.id] ?? [] });
    return send(res, 404, { error: { message: "Unknown path components", type: "OAuthException", code: 2500 } });
  });
  return { ...server, flags };
}
