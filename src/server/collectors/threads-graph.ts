import { type } from "arktype";
import { call, graphUrl, type MetaApp } from "./meta-http.ts";

// The parts of Meta's Threads API answers that Nghe reads (docs/channels/meta.md); other fields are ignored.

const ShortToken = type({ access_token: "string > 0", "user_id?": "string | number" });
const LongToken = type({ access_token: "string > 0", "expires_in?": "number" });
const MeAnswer = type({ id: "string > 0", "username?": "string", "name?": "string" });
const Post = type({
  id: "string > 0",
  "text?": "string",
  "media_type?": "string",
  "permalink?": "string",
  "timestamp?": "string",
  "username?": "string",
});
export type ThreadsPost = typeof Post.infer;
const Posts = type({ data: Post.array() });

const expiry = (answer: typeof LongToken.infer, now: Date) =>
  answer.expires_in ? new Date(now.getTime() + answer.expires_in * 1000) : null;

/** The token for the authorization window's code, then its long-lived twin (about 60 days) with when it expires. */
export async function exchangeThreadsCode(app: MetaApp, code: string, redirectUri: string, now: Date) {
  const short = await call(
    graphUrl(app, "/oauth/access_token", {
      client_id: app.appId,
      client_secret: app.appSecret,
      grant_type: "authorization_code",
      redirect_uri: redirectUri,
      code,
    }),
    ShortToken,
    "POST",
  );
  const long = await call(
    graphUrl(app, "/access_token", { grant_type: "th_exchange_token", client_secret: app.appSecret, access_token: short.access_token }),
    LongToken,
  );
  return { accessToken: long.access_token, expiresAt: expiry(long, now) };
}

/** A long-lived token (at least a day old, not yet expired) for a fresh one of another 60 days. */
export async function refreshThreadsToken(app: MetaApp, token: string, now: Date) {
  const answer = await call(graphUrl(app, "/refresh_access_token", { grant_type: "th_refresh_token", access_token: token }), LongToken);
  return { accessToken: answer.access_token, expiresAt: expiry(answer, now) };
}

/** Who the token belongs to: the name shown is the profile's, else its @username. */
export async function readThreadsUser(app: MetaApp, token: string) {
  const me = await call(graphUrl(app, "/me", { fields: "id,username,name", access_token: token }), MeAnswer);
  return { id: me.id, name: me.name || me.username || me.id };
}

/** The public posts published since `since` that contain the keyword, newest first: one query of the user's quota. */
export async function searchThreads(app: MetaApp, token: string, keyword: string, since: Date) {
  const params = {
    q: keyword,
    search_type: "RECENT",
    since: String(Math.floor(since.getTime() / 1000)),
    fields: "id,text,media_type,permalink,timestamp,username",
    access_token: token,
  };
  return (await call(graphUrl(app, "/keyword_search", params), Posts, "GET", app.meter)).data;
}

/** The account's own latest threads. */
export async function readOwnThreads(app: MetaApp, token: string, limit: number) {
  const params = { fields: "id,permalink,timestamp", limit: String(limit), access_token: token };
  return (await call(graphUrl(app, "/me/threads", params), Posts, "GET", app.meter)).data;
}

/** The replies to one thread. */
export async function readThreadsReplies(app: MetaApp, threadId: string, token: string) {
  const params = { fields: "id,text,username,permalink,timestamp", access_token: token };
  return (await call(graphUrl(app, `/${encodeURIComponent(threadId)}/replies`, params), Posts, "GET", app.meter)).data;
}
