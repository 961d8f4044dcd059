import type { ServerResponse } from "node:http";
import { localServer, type Recorded } from "./local-server.ts";

export const TIKTOK_SECRET = "tiktok-secret-nghe";

const VIDEOS = [
  {
    item_id: "7441200000000000003",
    create_time: 1_795_140_000,
    caption: "Ra mắt trà sữa khoai môn mới tại Trà Sữa Mây, mời cả nhà ghé thử nhé #trasua",
    share_url: "https://www.tiktok.com/@trasuamay/video/7441200000000000003",
    likes: 1520,
    comments: 3,
    shares: 41,
    video_views: 23_800,
  },
  {
    item_id: "7441200000000000002",
    create_time: 1_795_053_600,
    caption: "Một ngày làm việc ở quầy pha chế của chúng mình",
    share_url: "https://www.tiktok.com/@trasuamay/video/7441200000000000002",
    likes: 310,
    comments: 0,
    shares: 5,
    video_views: 4_100,
  },
  {
    item_id: "7441200000000000001",
    create_time: 1_794_967_200,
    caption: "Chi nhánh Thủ Đức đã mở cửa lại sau khi sửa chữa",
    share_url: "https://www.tiktok.com/@trasuamay/video/7441200000000000001",
    likes: 98,
    comments: 0,
    shares: 1,
    video_views: 1_250,
  },
];

const comment = (id: string, text: string, username: string, display_name: string, likes: number, replies = 0) => ({
  comment_id: id,
  video_id: VIDEOS[0].item_id,
  unique_identifier: `${username}-uid`,
  create_time: 1_795_143_600,
  text,
  likes,
  replies,
  owner: false,
  liked: false,
  pinned: false,
  status: "PUBLIC",
  username,
  display_name,
});

const COMMENTS = [
  comment("7441300000000000001", "Vị khoai môn đậm mà không quá ngọt, mình sẽ quay lại", "lan.nguyen", "Lan Nguyễn", 24, 1),
  comment("7441300000000000002", "Quán có giao hàng tận nơi ở quận 7 không ạ?", "minhtuan97", "Minh Tuấn", 3),
  comment("7441300000000000003", "Hôm qua chờ hơi lâu nhưng nhân viên rất dễ thương", "thu.ha", "Thu Hà", 11),
];
const REPLIES = {
  [COMMENTS[0].comment_id]: [comment("7441400000000000001", "Cảm ơn bạn, hẹn gặp lại bạn ở quán nhé!", "trasuamay", "Trà Sữa Mây", 5)],
};

/** What the stand-in hands out: the code, the tokens, the account and its videos, comments and replies. */
export const TIKTOK = {
  code: "tt-auth-code-Nghe.a1b2",
  openId: "-000Ab1CdEfGhTraSuaMay",
  accessToken: "act.TikTokAccessNghe1a2b3c",
  refreshToken: "rft.TikTokRefreshNghe4d5e6f",
  refreshedToken: "act.TikTokRefreshedNghe7a8b9c",
  profile: { username: "trasuamay", display_name: "Trà Sữa Mây", profile_image: "https://p16.tiktokcdn.com/trasuamay.jpeg" },
  videos: VIDEOS,
  comments: COMMENTS,
  replies: REPLIES,
  expiresIn: 86_400,
  refreshExpiresIn: 31_536_000,
};

let requestCount = 0;

/** TikTok's envelope: code 0 and the data, or a non-zero code with its message (HTTP 200 either way, as TikTok does). */
function answer(res: ServerResponse, code: number, message: string, data: unknown = {}) {
  res.writeHead(200, { "content-type": "application/json" });
  res.end(JSON.stringify({ code, message, request_id: `20261121030000${String(++requestCount).padStart(6, "0")}`, data }));
}

/** A cursor-paged list: `size` items from `cursor`, and where the next page starts. */
function paged<T>(items: T[], q: URLSearchParams, size: number, key: string) {
  const start = Number(q.get("cursor") ?? 0);
  const end = start + size;
  return { [key]: items.slice(start, end), cursor: end, has_more: end < items.length };
}

const tokenAnswer = (accessToken: string) => ({
  access_token: accessToken,
  token_type: "Bearer",
  scope: "user.info.basic,video.list,comment.list",
  expires_in: TIKTOK.expiresIn,
  refresh_token: TIKTOK.refreshToken,
  refresh_token_expires_in: TIKTOK.refreshExpiresIn,
  open_id: TIKTOK.openId,
});

/**
 * A stand-in for TikTok's API for Business (v1.3) on 127.0.0.1, in its wire format: POST /tt_user/oauth2/token/ and
 * /tt_user/oauth2/refresh_token/ (JSON bodies), and with the `Access-Token` header GET /business/get/,
 * /business/video/list/ (two videos a page), /business/comment/list/ (two comments a page) and
 * /business/comment/reply/list/. `flags.revoked` answers 40105 to every token, `flags.throttled` 40100.
 */
export async function startTiktokServer() {
  const flags = { revoked: false, throttled: false };
  const server = await localServer((req: Recorded, res) => {
    const url = new URL(req.url, `http://${req.headers.host}`);
    const q = url.searchParams;
    const body = req.body ? (JSON.parse(req.body) as Record<string, string>) : {};
    if (url.pathname === "/tt_user/oauth2/token/" && req.method === "POST") {
      if (body.client_secret !== TIKTOK_SECRET) return answer(res, 40001, "Invalid app secret.");
      return body.auth_code === TIKTOK.code && body.grant_type === "authorization_code"
        ? answer(res, 0, "OK", tokenAnswer(TIKTOK.accessToken))
        : answer(res, 40002, "The auth_code is invalid or has expired.");
    }
    if (url.pathname === "/tt_user/oauth2/refresh_token/" && req.method === "POST") {
      return body.refresh_token === TIKTOK.refreshToken && body.client_secret === TIKTOK_SECRET && !flags.revoked
        ? answer(res, 0, "OK", tokenAnswer(TIKTOK.refreshedToken))
        : answer(res, 40105, "The refresh token is invalid or has been revoked.");
    }
    const token = req.headers["access-token"];
    if (flags.revoked || (token !== TIKTOK.accessToken && token !== TIKTOK.refreshedToken))
      return answer(res, 40105, "Access token is invalid or has been revoked by the user.");
    if (flags.throttled) return answer(res, 40100, "Too many requests. Please retry in some time.");
    if (q.get("business_id") !== TIKTOK.openId) return answer(res, 40002, "business_id is invalid.");
    if (url.pathname === "/business/get/") return answer(res, 0, "OK", TIKTOK.profile);
    if (url.pathname === "/business/video/list/") return answer(res, 0, "OK", paged(TIKTOK.videos, q, 2, "videos"));
    if (url.pathname === "/business/comment/list/") {
      const comments = q.get("video_id") === VIDEOS[0].item_id ? TIKTOK.comments : [];
      return answer(res, 0, "OK", paged(comments, q, 2, "comments"));
    }
    if (url.pathname === "/business/comment/reply/list/")
      return answer(res, 0, "OK", paged(TIKTOK.replies[q.get("comment_id") ?? ""] ?? [], q, 2, "comments"));
    return answer(res, 40404, "Path not found.");
  });
  return { ...server, flags };
}
