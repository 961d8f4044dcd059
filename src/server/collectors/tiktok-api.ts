import { type, type Type } from "arktype";
import type { GraphApp } from "../config.ts";

// TikTok's API for Business, Accounts API (docs/channels/tiktok.md). Every answer is `{code, message, request_id, data}`,
// code 0 on success; a refusal is a non-zero code, often with HTTP 200.

// Codes from TikTok's API for Business error list: 40100 too many requests; 40001, 40102, 40104, 40105 an access token
// that is missing, expired, invalid or revoked (only a reconnection, or a refresh, helps).
const THROTTLED = new Set([40100]);
const TOKEN_REFUSED = new Set([40001, 40102, 40104, 40105]);

/** A refusal by TikTok, with its code (null when TikTok could not be read) and its message. */
export class TiktokApiError extends Error {
  constructor(
    message: string,
    readonly code: number | null,
    readonly status: number | null = null,
  ) {
    super(message);
  }

  get expired(): boolean {
    return this.code !== null && TOKEN_REFUSED.has(this.code);
  }

  get throttled(): boolean {
    return this.status === 429 || (this.code !== null && THROTTLED.has(this.code));
  }
}

const Envelope = type({ code: "number", "message?": "string", "request_id?": "string", "data?": "unknown" });

const TIMEOUT_MS = 15_000;

async function call<T>(
  app: GraphApp,
  path: string,
  schema: Type<T>,
  init: { token?: string; query?: Record<string, string>; body?: object },
) {
  const url = new URL(`${app.graphUrl}${path}`);
  for (const [name, value] of Object.entries(init.query ?? {})) url.searchParams.set(name, value);
  const headers: Record<string, string> = { accept: "application/json" };
  if (init.token) headers["access-token"] = init.token;
  if (init.body) headers["content-type"] = "application/json";
  let res: Response;
  try {
    res = await fetch(url, {
      method: init.body ? "POST" : "GET",
      headers,
      body: init.body ? JSON.stringify(init.body) : undefined,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw new TiktokApiError(`TikTok could not be reached (${url.pathname})`, null);
  }
  const answer = Envelope(await res.json().catch(() => undefined));
  if (answer instanceof type.errors) throw new TiktokApiError(`TikTok answered ${res.status} (${url.pathname})`, null, res.status);
  if (answer.code !== 0 || !res.ok) throw new TiktokApiError(`TikTok ${answer.code}: ${answer.message ?? ""}`, answer.code, res.status);
  const data = schema(answer.data);
  if (data instanceof type.errors) throw new TiktokApiError(`unexpected answer from TikTok (${url.pathname}): ${data.summary}`, null);
  return data as T;
}

const Token = type({
  access_token: "string > 0",
  refresh_token: "string > 0",
  "open_id?": "string",
  "creator_id?": "string",
  "expires_in?": "number",
  "refresh_token_expires_in?": "number",
});

export type TiktokToken = {
  openId: string;
  accessToken: string;
  refreshToken: string;
  expiresAt: Date | null;
  refreshExpiresAt: Date | null;
};

const after = (now: Date, seconds: number | undefined) => (seconds ? new Date(now.getTime() + seconds * 1000) : null);

function tokenOf(answer: typeof Token.infer, now: Date): TiktokToken {
  return {
    openId: answer.open_id ?? answer.creator_id ?? "",
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token,
    expiresAt: after(now, answer.expires_in),
    refreshExpiresAt: after(now, answer.refresh_token_expires_in),
  };
}

/** The authorization code for the account's access token (a day) and refresh token (a year). */
export async function exchangeTiktokCode(app: GraphApp, code: string, redirectUri: string, now: Date): Promise<TiktokToken> {
  const body = {
    client_id: app.appId,
    client_secret: app.appSecret,
    grant_type: "authorization_code",
    auth_code: code,
    redirect_uri: redirectUri,
  };
  return tokenOf(await call(app, "/tt_user/oauth2/token/", Token, { body }), now);
}

/** A fresh access token (and refresh token) for the refresh token. */
export async function refreshTiktokToken(app: GraphApp, refreshToken: string, now: Date): Promise<TiktokToken> {
  const body = { client_id: app.appId, client_secret: app.appSecret, grant_type: "refresh_token", refresh_token: refreshToken };
  return tokenOf(await call(app, "/tt_user/oauth2/refresh_token/", Token, { body }), now);
}

const Profile = type({ "username?": "string", "display_name?": "string" });

/** The business account's name: its display name, else its @username. */
export async function readTiktokProfile(app: GraphApp, token: string, businessId: string) {
  const query = { business_id: businessId, fields: JSON.stringify(["username", "display_name"]) };
  const profile = await call(app, "/business/get/", Profile, { token, query });
  return { id: businessId, name: profile.display_name || profile.username || businessId, username: profile.username ?? null };
}

const Video = type({
  item_id: "string > 0",
  "create_time?": "number",
  "caption?": "string",
  "share_url?": "string",
  "likes?": "number",
  "comments?": "number",
  "shares?": "number",
  "video_views?": "number",
});
export type TiktokVideo = typeof Video.infer;
const Videos = type({ "videos?": Video.array(), "cursor?": "number", "has_more?": "boolean" });

const Comment = type({
  comment_id: "string > 0",
  "video_id?": "string",
  "create_time?": "number",
  "text?": "string",
  "likes?": "number",
  "replies?": "number",
  "username?": "string",
  "display_name?": "string",
  "owner?": "boolean",
});
export type TiktokComment = typeof Comment.infer;
const Comments = type({ "comments?": Comment.array(), "cursor?": "number", "has_more?": "boolean" });

/** A page of items and where the next one starts (null: the last page). */
export type Page<T> = { items: T[]; next: number | null };

/** A page of the account's videos, newest first, with their counters. */
export async function readTiktokVideos(
  app: GraphApp,
  token: string,
  businessId: string,
  cursor: number | null,
): Promise<Page<TiktokVideo>> {
  const fields = ["item_id", "create_time", "caption", "share_url", "likes", "comments", "shares", "video_views"];
  const query = { business_id: businessId, fields: JSON.stringify(fields), max_count: "20", ...(cursor ? { cursor: String(cursor) } : {}) };
  const page = await call(app, "/business/video/list/", Videos, { token, query });
  return { items: page.videos ?? [], next: page.has_more ? (page.cursor ?? null) : null };
}

/** A page of the comments on one of the account's videos. */
export async function readTiktokComments(app: GraphApp, token: string, businessId: string, videoId: string, cursor: number | null) {
  const query = { business_id: businessId, video_id: videoId, max_count: "30", ...(cursor ? { cursor: String(cursor) } : {}) };
  const page = await call(app, "/business/comment/list/", Comments, { token, query });
  return { items: page.comments ?? [], next: page.has_more ? (page.cursor ?? null) : null } satisfies Page<TiktokComment>;
}

/** A page of the replies to one comment. */
export async function readTiktokReplies(
  app: GraphApp,
  token: string,
  businessId: string,
  videoId: string,
  commentId: string,
  cursor: number | null,
) {
  const query = {
    business_id: businessId,
    video_id: videoId,
    comment_id: commentId,
    max_count: "30",
    ...(cursor ? { cursor: String(cursor) } : {}),
  };
  const page = await call(app, "/business/comment/reply/list/", Comments, { token, query });
  return { items: page.comments ?? [], next: page.has_more ? (page.cursor ?? null) : null } satisfies Page<TiktokComment>;
}
