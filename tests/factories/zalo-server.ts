import { createHash } from "node:crypto";
import type { ServerResponse } from "node:http";
import { localServer, type Recorded } from "./local-server.ts";

export const ZALO_APP_ID = "2553928453557884079";
export const ZALO_APP_SECRET = "zalo-app-secret-nghe";
export const ZALO_OA_SECRET = "zalo-oa-secret-nghe";

const OA = { oa_id: "3662729599332560487", name: "Trà Sữa Mây", description: "Trà sữa pha tay ở Thủ Đức", is_verified: true };
const FOLLOWERS = [
  { user_id: "6142494823001122334", display_name: "Nguyễn Thu Hà" },
  { user_id: "6142494823005566778", display_name: "Trần Minh Khoa" },
  { user_id: "6142494823009900112", display_name: "Lê Bảo Ngọc" },
];
const [HA, KHOA] = FOLLOWERS;

const at = (iso: string) => new Date(iso).getTime();
/** A message in `conversation`'s format: src 1 the follower sent it, 0 the OA did. */
const message = (id: string, follower: (typeof FOLLOWERS)[number], fromFollower: boolean, text: string, iso: string) => ({
  msg_id: id,
  src: fromFollower ? 1 : 0,
  time: at(iso),
  sent_time: iso,
  type: "text",
  message: text,
  from_id: fromFollower ? follower.user_id : OA.oa_id,
  to_id: fromFollower ? OA.oa_id : follower.user_id,
  from_display_name: fromFollower ? follower.display_name : OA.name,
  to_display_name: fromFollower ? OA.name : follower.display_name,
  from_avatar: "https://s160-ava-talk.zadn.vn/a/b/c/d/160/avatar.jpg",
  to_avatar: "https://s160-ava-talk.zadn.vn/e/f/0/1/160/avatar.jpg",
});

/** Each follower's conversation with the OA, newest first, as `conversation` lists it. */
const CONVERSATIONS: Record<string, ReturnType<typeof message>[]> = {
  [HA.user_id]: [
    message("a1f0c3d2e4b5a6978", HA, false, "Dạ quán mở cửa đến 22 giờ mỗi ngày ạ.", "2026-11-20T10:05:00+07:00"),
    message("a1f0c3d2e4b5a6977", HA, true, "Quán Trà Sữa Mây mở cửa đến mấy giờ vậy ạ?", "2026-11-20T10:01:00+07:00"),
    message("a1f0c3d2e4b5a6976", HA, true, "Hôm qua mình đặt hai ly trà sữa nhưng giao trễ gần một tiếng.", "2026-11-19T20:30:00+07:00"),
  ],
  [KHOA.user_id]: [
    message("b2e1d4c3f5a6b7089", KHOA, true, "Cho mình hỏi thực đơn mùa đông có món gì mới không?", "2026-11-18T15:45:00+07:00"),
  ],
};

/** What the stand-in hands out and holds: its codes, tokens, OA, followers and conversations. */
export const ZALO = {
  oa: OA,
  followers: FOLLOWERS,
  conversations: CONVERSATIONS,
  accessTokenLifetime: "90000",
} as const;

function send(res: ServerResponse, body: unknown) {
  // Zalo answers 200 with `error` in the body, failures included.
  res.writeHead(200, { "content-type": "application/json;charset=UTF-8" });
  res.end(JSON.stringify(body));
}

const apiError = (res: ServerResponse, error: number, message: string) => send(res, { error, message });
/** The OAuth server's error body. */
const oauthError = (res: ServerResponse, error: number, name: string, description: string) =>
  send(res, {
    error_name: name,
    error_reason: description,
    ref_doc: "https://developers.zalo.me/docs/official-account",
    error_description: description,
    error,
  });

const challengeOf = (verifier: string) => createHash("sha256").update(verifier).digest("base64url");

/**
 * A stand-in for Zalo's OAuth v4 (POST /v4/oa/access_token, with PKCE and the `secret_key` header) and OA API (getoa,
 * user/detail, listrecentchat, conversation) on 127.0.0.1, in Zalo's wire format: `{error, message, data}` with
 * negative codes. `grant(challenge)` is the permission page: the code it returns only works with the verifier behind
 * that challenge. Refresh tokens are single-use. `flags.expired` makes the current access token -216; `flags.revoked`
 * refuses every token and refresh; `flags.rateLimited` answers -32.
 */
export async function startZaloServer() {
  const flags = { expired: false, revoked: false, rateLimited: false };
  const codes = new Map<string, string>();
  const access = new Set<string>();
  const refresh = new Set<string>();
  let issued = 0;
  const issue = () => {
    issued++;
    const pair = { access_token: `zaloAccessNghe${issued}x9`, refresh_token: `zaloRefreshNghe${issued}y8` };
    access.add(pair.access_token);
    refresh.add(pair.refresh_token);
    return { ...pair, expires_in: ZALO.accessTokenLifetime };
  };

  const server = await localServer((req: Recorded, res) => {
    const url = new URL(req.url, `http://${req.headers.host}`);
    if (url.pathname === "/v4/oa/access_token" && req.method === "POST") {
      const form = new URLSearchParams(req.body);
      if (req.headers.secret_key !== ZALO_APP_SECRET || form.get("app_id") !== ZALO_APP_ID)
        return oauthError(res, -14002, "Invalid app", "App id or secret key is invalid");
      if (form.get("grant_type") === "authorization_code") {
        const challenge = codes.get(form.get("code") ?? "");
        if (!challenge || challengeOf(form.get("code_verifier") ?? "") !== challenge)
          return oauthError(res, -14019, "Invalid parameter", "Invalid code verifier or authorization code");
        codes.delete(form.get("code") ?? "");
        return send(res, issue());
      }
      const token = form.get("refresh_token") ?? "";
      if (form.get("grant_type") !== "refresh_token" || flags.revoked || !refresh.delete(token))
        return oauthError(res, -14014, "Invalid refresh token", "Refresh token is invalid or expired");
      return send(res, issue());
    }
    const token = String(req.headers.access_token ?? "");
    if (flags.revoked || !access.has(token)) return apiError(res, -216, "Access token is invalid");
    if (flags.expired) {
      access.delete(token);
      flags.expired = false;
      return apiError(res, -216, "Access token is invalid");
    }
    if (flags.rateLimited) return apiError(res, -32, "The request exceeded the rate limit");
    const data = JSON.parse(url.searchParams.get("data") ?? "{}") as { user_id?: string; offset?: number; count?: number };
    const page = <T>(items: T[]) => items.slice(data.offset ?? 0, (data.offset ?? 0) + Math.min(data.count ?? 5, 10));
    if (url.pathname === "/v2.0/oa/getoa") return send(res, { data: OA, error: 0, message: "Success" });
    if (url.pathname === "/v3.0/oa/user/detail") {
      const follower = FOLLOWERS.find((f) => f.user_id === data.user_id);
      return follower
        ? send(res, { data: { ...follower, user_id_by_app: "979122185046046317", user_is_follower: true }, error: 0, message: "Success" })
        : apiError(res, -213, "User has not followed OA");
    }
    if (url.pathname === "/v2.0/oa/listrecentchat")
      return send(res, { data: page(Object.values(CONVERSATIONS).map((c) => c[0])), error: 0, message: "Success" });
    if (url.pathname === "/v2.0/oa/conversation")
      return send(res, { data: page(CONVERSATIONS[data.user_id ?? ""] ?? []), error: 0, message: "Success" });
    return apiError(res, -201, "Method is not supported");
  });

  /** The permission page granting the OA: a code for the challenge it was shown. */
  const grant = (challenge: string) => {
    const code = `zaloCodeNghe${codes.size + 1}${challenge.slice(0, 6)}`;
    codes.set(code, challenge);
    return code;
  };
  return { ...server, flags, grant };
}

/** An event as Zalo signs it: X-ZEvent-Signature "mac=" and sha256(app id + body + timestamp + OA secret key). */
export function signedZaloEvent(event: { timestamp: string } & Record<string, unknown>, oaSecret = ZALO_OA_SECRET) {
  const raw = JSON.stringify(event);
  const mac = createHash("sha256").update(`${ZALO_APP_ID}${raw}${event.timestamp}${oaSecret}`).digest("hex");
  return { method: "POST", body: raw, headers: { "content-type": "application/json", "x-zevent-signature": `mac=${mac}` } };
}

/** A follower's text message to the OA, in the webhook's format. */
export const userSendText = (msgId: string, followerId: string, text: string, sentAt: Date) => ({
  app_id: ZALO_APP_ID,
  user_id_by_app: "979122185046046317",
  event_name: "user_send_text",
  timestamp: String(sentAt.getTime()),
  sender: { id: followerId },
  recipient: { id: OA.oa_id },
  message: { msg_id: msgId, text },
});

/** The environment of a server with a Zalo app whose OAuth and OA API are at `url` (a closed port: never reached). */
export const zaloEnv = (url: string) => ({
  ZALO_APP_ID,
  ZALO_APP_SECRET,
  ZALO_OA_SECRET_KEY: ZALO_OA_SECRET,
  ZALO_OAUTH_URL: url,
  ZALO_API_URL: url,
});
