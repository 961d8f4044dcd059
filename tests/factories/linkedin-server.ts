import type { ServerResponse } from "node:http";
import { localServer, type Recorded } from "./local-server.ts";

export const LINKEDIN_SECRET = "linkedin-secret-nghe";

const ORG = "urn:li:organization:104857600";
const post = (id: string, commentary: string, publishedAt: number) => ({
  id,
  author: ORG,
  commentary,
  visibility: "PUBLIC",
  lifecycleState: "PUBLISHED",
  publishedAt,
  createdAt: publishedAt,
});
const comment = (post: string, id: string, actor: string, text: string, time: number, likes: number) => ({
  id,
  $URN: `urn:li:comment:(${post},${id})`,
  actor,
  object: post,
  message: { text },
  created: { actor, time },
  likesSummary: { totalLikes: likes, likedByCurrentUser: false },
});

const POSTS = [
  post("urn:li:share:7265000000000000003", "Trà Sữa Mây tuyển 20 nhân viên pha chế cho chi nhánh mới ở Thủ Đức", 1_795_140_000_000),
  post("urn:li:share:7265000000000000002", "Cảm ơn đội ngũ đã cùng chúng tôi vượt qua một năm nhiều thử thách", 1_795_053_600_000),
  post("urn:li:ugcPost:7265000000000000001", "Chúng tôi vừa ký kết hợp tác với nông trại chè Thái Nguyên", 1_794_967_200_000),
];
const COMMENTS: Record<string, ReturnType<typeof comment>[]> = {
  [POSTS[0].id]: [
    comment(
      POSTS[0].id,
      "7265100000000000001",
      "urn:li:person:Hk3xQ9aBcD",
      "Tôi đã gửi hồ sơ, mong sớm nhận được phản hồi",
      1_795_143_600_000,
      4,
    ),
    comment(
      POSTS[0].id,
      "7265100000000000002",
      "urn:li:person:Zx8PqR2mNo",
      "Công ty có nhận sinh viên làm bán thời gian không?",
      1_795_144_000_000,
      1,
    ),
  ],
};

/** What the stand-in hands out: the code, the token, the member, its organisation, posts and comments. */
export const LINKEDIN = {
  code: "AQTlinkedinCodeNghe1a2b",
  accessToken: "AQVlinkedinTokenNghe3c4d",
  member: "urn:li:person:Adm1nNghe",
  organization: { urn: ORG, localizedName: "Trà Sữa Mây" },
  posts: POSTS,
  comments: COMMENTS,
  expiresIn: 5_184_000,
};

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}
/** LinkedIn's error body. */
const refuse = (res: ServerResponse, status: number, serviceErrorCode: number, message: string) =>
  send(res, status, { status, serviceErrorCode, code: status === 401 ? "REVOKED_ACCESS_TOKEN" : "TOO_MANY_REQUESTS", message });

/** `count` elements from `start`, with Rest.li paging. */
function paged<T>(items: T[], q: URLSearchParams) {
  const start = Number(q.get("start") ?? 0);
  const count = Number(q.get("count") ?? 10);
  return { elements: items.slice(start, start + count), paging: { start, count, total: items.length } };
}

/**
 * A stand-in for LinkedIn on 127.0.0.1: POST /oauth/v2/accessToken (form body), and with a Bearer token and a
 * LinkedIn-Version header GET /rest/organizationAcls?q=roleAssignee, /rest/organizations/{id}, /rest/posts?q=author
 * and /rest/socialActions/{urn}/comments. `flags.revoked` answers 401 to the token, `flags.throttled` 429.
 */
export async function startLinkedinServer() {
  const flags = { revoked: false, throttled: false };
  const server = await localServer((req: Recorded, res) => {
    const url = new URL(req.url, `http://${req.headers.host}`);
    const q = url.searchParams;
    if (url.pathname === "/oauth/v2/accessToken" && req.method === "POST") {
      const form = new URLSearchParams(req.body);
      if (form.get("client_secret") !== LINKEDIN_SECRET || form.get("code") !== LINKEDIN.code)
        return send(res, 400, {
          error: "invalid_request",
          error_description: "Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code.",
        });
      return send(res, 200, {
        access_token: LINKEDIN.accessToken,
        expires_in: LINKEDIN.expiresIn,
        scope: "r_organization_social,rw_organization_admin",
      });
    }
    if (flags.revoked || req.headers.authorization !== `Bearer ${LINKEDIN.accessToken}`)
      return refuse(res, 401, 65601, "The token used in the request has been revoked by the user");
    if (flags.throttled)
      return refuse(res, 429, 101, "Resource level throttle APPLICATION DAY limit for calls to this resource is reached.");
    if (!req.headers["linkedin-version"])
      return send(res, 426, { status: 426, code: "NONEXISTENT_VERSION", message: "A version must be present." });
    if (url.pathname === "/rest/organizationAcls" && q.get("q") === "roleAssignee")
      return send(res, 200, {
        elements: [{ organization: ORG, roleAssignee: LINKEDIN.member, role: "ADMINISTRATOR", state: "APPROVED" }],
        paging: { start: 0, count: 10, total: 1 },
      });
    if (url.pathname === `/rest/organizations/${ORG.split(":").at(-1)}`) return send(res, 200, { id: 104857600, ...LINKEDIN.organization });
    if (url.pathname === "/rest/posts" && q.get("q") === "author" && q.get("author") === ORG)
      return send(res, 200, paged(LINKEDIN.posts, q));
    const commented = url.pathname.match(/^\/rest\/socialActions\/([^/]+)\/comments$/);
    if (commented) return send(res, 200, paged(LINKEDIN.comments[decodeURIComponent(commented[1])] ?? [], q));
    return send(res, 404, { status: 404, serviceErrorCode: 0, message: "Resource not found" });
  });
  return { ...server, flags };
}
