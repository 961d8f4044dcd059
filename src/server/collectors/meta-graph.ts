import { type } from "arktype";
import { call, graphUrl, type MetaApp } from "./meta-http.ts";

// The parts of Meta's Graph API answers that Nghe reads (docs/channels/meta.md); other fields are ignored.

const TokenAnswer = type({ access_token: "string > 0", "expires_in?": "number" });
const MeAnswer = type({ id: "string > 0", name: "string" });
const Page = type({
  id: "string > 0",
  name: "string",
  access_token: "string > 0",
  "instagram_business_account?": { id: "string > 0", "username?": "string", "name?": "string" },
});
export type MetaPage = typeof Page.infer;
const PagesAnswer = type({ data: Page.array(), "paging?": { "next?": "string" } });
const Author = { id: "string", "name?": "string" } as const;
const Total = { "summary?": { "total_count?": "number" } } as const;
const FeedPost = type({
  id: "string > 0",
  "message?": "string",
  "created_time?": "string",
  "from?": Author,
  "shares?": { "count?": "number" },
  "reactions?": Total,
  "comments?": Total,
});
export type MetaFeedPost = typeof FeedPost.infer;
const Comment = type({
  id: "string > 0",
  "message?": "string",
  "created_time?": "string",
  "from?": Author,
  "parent?": { id: "string" },
  "like_count?": "number",
  "comment_count?": "number",
});
export type MetaComment = typeof Comment.infer;
const Paging = { "paging?": { "cursors?": { "after?": "string" }, "next?": "string" } } as const;
const FeedAnswer = type({ data: FeedPost.array(), ...Paging });
const CommentsAnswer = type({ data: Comment.array(), ...Paging });

// A page list longer than this is cut: an account managing more pages connects them in a later round.
const MAX_PAGE_LISTS = 10;

/** The user token for the login dialog's code, then its long-lived twin (about 60 days) with when it expires. */
export async function exchangeMetaCode(app: MetaApp, code: string, redirectUri: string, now: Date) {
  const client = { client_id: app.appId, client_secret: app.appSecret };
  const short = await call(graphUrl(app, "/oauth/access_token", { ...client, redirect_uri: redirectUri, code }), TokenAnswer);
  const long = await call(
    graphUrl(app, "/oauth/access_token", { ...client, grant_type: "fb_exchange_token", fb_exchange_token: short.access_token }),
    TokenAnswer,
  );
  return {
    accessToken: long.access_token,
    expiresAt: long.expires_in ? new Date(now.getTime() + long.expires_in * 1000) : null,
  };
}

/** Who the token belongs to. */
export const readMetaUser = (app: MetaApp, token: string) =>
  call(graphUrl(app, "/me", { fields: "id,name", access_token: token }), MeAnswer);

/** The pages the user manages, each with its page token and its Instagram professional account, following the pages. */
export async function readMetaPages(app: MetaApp, token: string): Promise<MetaPage[]> {
  const fields = "id,name,access_token,instagram_business_account{id,username,name}";
  const pages: MetaPage[] = [];
  let url: URL | null = graphUrl(app, "/me/accounts", { fields, access_token: token });
  for (let n = 0; url && n < MAX_PAGE_LISTS; n++) {
    const answer: typeof PagesAnswer.infer = await call(url, PagesAnswer);
    pages.push(...answer.data);
    const next = answer.paging?.next ? new URL(answer.paging.next) : null;
    // The next page's address carries the token: followed only to the Graph API itself.
    url = next && next.origin === new URL(app.graphUrl).origin ? next : null;
  }
  return pages;
}

/** Withdraws the app's permissions from the user (disconnecting). */
export async function revokeMeta(app: MetaApp, token: string): Promise<void> {
  await call(graphUrl(app, "/me/permissions", { access_token: token }), type({ "success?": "boolean" }), "DELETE");
}

// Never `messages`: private conversations are not social listening.
const SUBSCRIBED_FIELDS = "feed,mention,ratings";

/** Installs the app on a page for its feed (`subscribed_apps`, with the page's token): Meta then delivers its changes. */
export async function subscribeMetaPage(app: MetaApp, pageId: string, pageToken: string): Promise<void> {
  const url = graphUrl(app, `/${encodeURIComponent(pageId)}/subscribed_apps`, {
    subscribed_fields: SUBSCRIBED_FIELDS,
    access_token: pageToken,
  });
  await call(url, type({ "success?": "boolean" }), "POST");
}

/** The cursor of the list's following page, null at its end. */
const nextCursor = (answer: { paging?: { cursors?: { after?: string }; next?: string } }) =>
  answer.paging?.next ? (answer.paging.cursors?.after ?? null) : null;

// The counters as the feed gives them without listing the items themselves.
const POST_FIELDS = "id,message,created_time,from,shares,reactions.summary(total_count).limit(0),comments.summary(total_count).limit(0)";

/** One page of a Facebook page's feed, newest first, from the cursor `after` (none: the start). */
export async function readMetaFeed(app: MetaApp, pageId: string, pageToken: string, after: string | null) {
  const params = { fields: POST_FIELDS, limit: "25", access_token: pageToken, ...(after ? { after } : {}) };
  const answer = await call(graphUrl(app, `/${encodeURIComponent(pageId)}/feed`, params), FeedAnswer, "GET", app.meter);
  return { posts: answer.data, next: nextCursor(answer) };
}

/** The newest posts of people and pages that tagged (mentioned) the page: its `tagged` edge. */
/** A public Page by its id or username, read with the user's token (Page Public Content Access: docs/channels/meta.md). */
export const readMetaPublicPage = (app: MetaApp, idOrUsername: string, userToken: string) =>
  call(graphUrl(app, `/${encodeURIComponent(idOrUsername)}`, { fields: "id,name", access_token: userToken }), MeAnswer, "GET", app.meter);

export async function readMetaTagged(app: MetaApp, pageId: string, pageToken: string) {
  const params = { fields: "id,message,created_time,from", limit: "25", access_token: pageToken };
  return (await call(graphUrl(app, `/${encodeURIComponent(pageId)}/tagged`, params), FeedAnswer, "GET", app.meter)).data;
}

/** One page of a post's comments and replies (`filter=stream`: replies too, each with its parent), newest first. */
export async function readMetaComments(app: MetaApp, postId: string, pageToken: string, after: string | null) {
  const params = {
    fields: "id,message,created_time,from,parent{id},like_count,comment_count",
    filter: "stream",
    order: "reverse_chronological",
    limit: "50",
    access_token: pageToken,
    ...(after ? { after } : {}),
  };
  const answer = await call(graphUrl(app, `/${encodeURIComponent(postId)}/comments`, params), CommentsAnswer, "GET", app.meter);
  return { comments: answer.data, next: nextCursor(answer) };
}
