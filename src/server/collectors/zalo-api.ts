import { type, type Type } from "arktype";
import type { ZaloApp } from "../config.ts";

// Zalo's OAuth v4 for Official Accounts and its OA API (docs/channels/zalo.md); fields Nghe does not read are ignored.

// Zalo's OA API error table: -216 the access token is invalid, -124 it expired; -32 too many calls in the minute.
const INVALID_TOKEN = new Set([-216, -124]);
const RATE_LIMITED = new Set([-32]);

/** A refusal from Zalo: its (negative) error code and its message, or code null when Zalo could not be read. */
export class ZaloError extends Error {
  constructor(
    message: string,
    readonly code: number | null,
  ) {
    super(message);
  }

  /** The access token is invalid or expired: refresh it, then try once more. */
  get invalidToken(): boolean {
    return this.code !== null && INVALID_TOKEN.has(this.code);
  }

  get rateLimited(): boolean {
    return this.code !== null && RATE_LIMITED.has(this.code);
  }
}

const Envelope = type({ "error?": "number", "message?": "string", "error_name?": "string", "error_description?": "string" });

async function answer<T>(res: Response, shape: Type<T>): Promise<T> {
  const body: unknown = await res.json().catch(() => null);
  const envelope = Envelope(body);
  if (envelope instanceof type.errors) throw new ZaloError(`Zalo answered ${res.status} without a readable body`, null);
  if (envelope.error) {
    const reason = envelope.error_description || envelope.message || envelope.error_name || "error";
    throw new ZaloError(`Zalo ${envelope.error}: ${reason}`, envelope.error);
  }
  const parsed = shape(body);
  if (parsed instanceof type.errors) throw new ZaloError(`Zalo's answer was not as documented: ${parsed.summary}`, null);
  return parsed as T;
}

const TokenAnswer = type({ access_token: "string > 0", refresh_token: "string > 0", expires_in: "string | number" });

/** Zalo's refresh tokens last 3 months from their issue (docs/channels/zalo.md). */
const REFRESH_LIFETIME_MS = 90 * 24 * 3600_000;

export type ZaloTokens = { accessToken: string; refreshToken: string; accessExpiresAt: Date; refreshExpiresAt: Date };

async function tokenCall(app: ZaloApp, form: Record<string, string>, now: Date): Promise<ZaloTokens> {
  const res = await fetch(`${app.oauthUrl}/v4/oa/access_token`, {
    method: "POST",
    headers: { secret_key: app.appSecret, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ...form, app_id: app.appId }),
  });
  const token = await answer(res, TokenAnswer);
  return {
    accessToken: token.access_token,
    refreshToken: token.refresh_token,
    accessExpiresAt: new Date(now.getTime() + Number(token.expires_in) * 1000),
    refreshExpiresAt: new Date(now.getTime() + REFRESH_LIFETIME_MS),
  };
}

/** The OA's tokens for the permission page's code and the PKCE verifier that made its challenge. */
export const exchangeZaloCode = (app: ZaloApp, code: string, codeVerifier: string, now: Date) =>
  tokenCall(app, { code, grant_type: "authorization_code", code_verifier: codeVerifier }, now);

/** New tokens for a (single-use) refresh token. */
export const refreshZaloToken = (app: ZaloApp, refreshToken: string, now: Date) =>
  tokenCall(app, { refresh_token: refreshToken, grant_type: "refresh_token" }, now);

/** GET on the OA API with the OA's token in the `access_token` header; `data` is the JSON query Zalo documents. */
async function get<T>(app: ZaloApp, path: string, token: string, shape: Type<T>, data?: object): Promise<T> {
  const url = new URL(`${app.apiUrl}${path}`);
  if (data) url.searchParams.set("data", JSON.stringify(data));
  return answer(await fetch(url, { headers: { access_token: token } }), shape);
}

const Oa = type({ data: { oa_id: "string > 0", name: "string", "avatar?": "string" } });

/** The Official Account the token belongs to (`getoa`). */
export async function readZaloOa(app: ZaloApp, token: string) {
  const { data } = await get(app, "/v2.0/oa/getoa", token, Oa);
  return { id: data.oa_id, name: data.name || data.oa_id };
}

const Profile = type({ data: { user_id: "string", "display_name?": "string" } });

/** A follower's display name (`user/detail`), or null where Zalo gives none. */
export async function readZaloFollowerName(app: ZaloApp, token: string, userId: string): Promise<string | null> {
  const { data } = await get(app, "/v3.0/oa/user/detail", token, Profile, { user_id: userId });
  return data.display_name || null;
}

const ChatMessage = type({
  msg_id: "string > 0",
  src: "number",
  time: "number",
  type: "string",
  "message?": "string",
  from_id: "string | number",
  "from_display_name?": "string",
  to_id: "string | number",
});
export type ZaloChatMessage = typeof ChatMessage.infer;
const Chats = type({ data: ChatMessage.array() });

/** Zalo gives at most 10 messages a call. */
export const ZALO_PAGE = 10;

/** The latest message of each recent conversation, newest first, from `offset` (`listrecentchat`). */
export const listZaloRecentChats = async (app: ZaloApp, token: string, offset: number) =>
  (await get(app, "/v2.0/oa/listrecentchat", token, Chats, { offset, count: ZALO_PAGE })).data;

/** The messages with one follower, newest first, from `offset` (`conversation`). */
export const readZaloConversation = async (app: ZaloApp, token: string, userId: string, offset: number) =>
  (await get(app, "/v2.0/oa/conversation", token, Chats, { user_id: userId, offset, count: ZALO_PAGE })).data;
