import { type, type Type } from "arktype";
import type { GraphApp } from "../config.ts";

// LinkedIn's Community Management API (docs/channels/linkedin.md): versioned `rest/` endpoints with the
// `LinkedIn-Version` header and Rest.li 2.0; an error is `{status, serviceErrorCode, code?, message}`.

/**
 * The Marketing API version Nghe speaks (YYYYMM). LinkedIn sunsets a version about a year after its release (202508
 * sunsets in August 2026), so this is moved forward at least yearly (docs/channels/linkedin.md).
 */
export const LINKEDIN_VERSION = "202610";

/** A refusal by LinkedIn: its HTTP status (401 a token expired or revoked, 429 throttled) and its message. */
export class LinkedinApiError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }

  get expired(): boolean {
    return this.status === 401;
  }

  get throttled(): boolean {
    return this.status === 429;
  }
}

const ErrorAnswer = type({ "status?": "number", "serviceErrorCode?": "number", "message?": "string" });
const TIMEOUT_MS = 15_000;

async function send<T>(url: URL, schema: Type<T>, init: RequestInit): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw new LinkedinApiError(`LinkedIn could not be reached (${url.pathname})`, null);
  }
  const json: unknown = await res.json().catch(() => undefined);
  if (!res.ok) {
    const error = ErrorAnswer(json);
    const said = error instanceof type.errors ? "" : `${error.serviceErrorCode ?? ""}: ${error.message ?? ""}`;
    throw new LinkedinApiError(`LinkedIn ${res.status} ${said}`.trim(), res.status);
  }
  const body = schema(json);
  if (body instanceof type.errors) throw new LinkedinApiError(`unexpected answer from LinkedIn (${url.pathname}): ${body.summary}`, null);
  return body as T;
}

/** A GET on the versioned API with the member's token. */
function get<T>(app: GraphApp, token: string, path: string, query: Record<string, string>, schema: Type<T>) {
  // Rest.li 2.0 wants URNs in the query encoded, which URLSearchParams does.
  const url = new URL(`${app.graphUrl}${path}`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  const headers = {
    authorization: `Bearer ${token}`,
    "linkedin-version": LINKEDIN_VERSION,
    "x-restli-protocol-version": "2.0.0",
    accept: "application/json",
  };
  return send(url, schema, { headers });
}

const Token = type({ access_token: "string > 0", "expires_in?": "number" });

/** The token endpoint beside the authorization page: …/oauth/v2/authorization → …/oauth/v2/accessToken. */
const tokenUrl = (app: GraphApp) => new URL(app.oauthUrl.replace(/\/authorization\/?$/, "/accessToken"));

/** The authorization code for a member's access token (60 days). */
export async function exchangeLinkedinCode(app: GraphApp, code: string, redirectUri: string, now: Date) {
  const body = new URLSearchParams({
    grant_type: "authorization_code",
    code,
    redirect_uri: redirectUri,
    client_id: app.appId,
    client_secret: app.appSecret,
  });
  const answer = await send(tokenUrl(app), Token, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    body,
  });
  return { accessToken: answer.access_token, expiresAt: answer.expires_in ? new Date(now.getTime() + answer.expires_in * 1000) : null };
}

const Acls = type({ elements: type({ organization: "string", "roleAssignee?": "string", "role?": "string", "state?": "string" }).array() });
const Organization = type({ id: "number | string", "localizedName?": "string", "vanityName?": "string" });

/** The organisations the member administers (approved ADMINISTRATOR roles), with their names. */
export async function readAdministeredOrganizations(app: GraphApp, token: string) {
  const acls = await get(app, token, "/rest/organizationAcls", { q: "roleAssignee", role: "ADMINISTRATOR", state: "APPROVED" }, Acls);
  const member = acls.elements[0]?.roleAssignee ?? null;
  const organizations = [];
  for (const acl of acls.elements) {
    const id = acl.organization.split(":").at(-1) ?? acl.organization;
    const organization = await get(app, token, `/rest/organizations/${encodeURIComponent(id)}`, {}, Organization);
    organizations.push({ urn: acl.organization, name: organization.localizedName ?? organization.vanityName ?? acl.organization });
  }
  return { member, organizations };
}

const Paging = type({ "start?": "number", "count?": "number", "total?": "number" });
const Post = type({ id: "string > 0", "commentary?": "string", "publishedAt?": "number", "createdAt?": "number", "author?": "string" });
export type LinkedinPost = typeof Post.infer;
const Posts = type({ elements: Post.array(), "paging?": Paging });
const Comment = type({
  "id?": "string",
  "$URN?": "string",
  "actor?": "string",
  "message?": { "text?": "string" },
  "created?": { "time?": "number" },
  "likesSummary?": { "totalLikes?": "number" },
});
export type LinkedinComment = typeof Comment.infer;
const Comments = type({ elements: Comment.array(), "paging?": Paging });

/** A page of `count` items from `start`, and where the next starts (null: the last). */
const nextStart = (start: number, count: number, got: number, total: number | undefined) =>
  got < count || (total !== undefined && start + got >= total) ? null : start + got;

/** A page of the organisation's posts, newest first. */
export async function readOrganizationPosts(app: GraphApp, token: string, organization: string, start: number) {
  const count = 20;
  const page = await get(
    app,
    token,
    "/rest/posts",
    { q: "author", author: organization, count: String(count), start: String(start) },
    Posts,
  );
  return { items: page.elements, next: nextStart(start, count, page.elements.length, page.paging?.total) };
}

/** A page of the comments on a post (a share or ugcPost URN). */
export async function readPostComments(app: GraphApp, token: string, postUrn: string, start: number) {
  const count = 50;
  const page = await get(
    app,
    token,
    `/rest/socialActions/${encodeURIComponent(postUrn)}/comments`,
    { count: String(count), start: String(start) },
    Comments,
  );
  return { items: page.elements, next: nextStart(start, count, page.elements.length, page.paging?.total) };
}
