/**
 * Where each registered API route takes a tenant's id. The isolation suite walks every route of the app's route table
 * and fails on any route missing here, so a new route cannot skip the cross-tenant checks unclassified.
 */
export type IdPlacement =
  /** Takes no id of a tenant's rows; the reason says why. Not walked. */
  | { kind: "none"; why: string }
  /** Acts on the caller's own rows only: ids of another tenant in the query or body must change nothing. */
  | { kind: "caller"; body?: "notification" }
  /** `:id` is a project; the body is a rename or a whole project form. */
  | { kind: "project-path"; body: "rename" | "project" }
  /**
   * `project_id` / `project_ids` and list filters (`sub_brand`, `service_id`) in the query; `singleProject` routes read
   * only `project_id` (a `project_ids` is a stray parameter there).
   */
  | { kind: "project-query"; query?: Record<string, string>; singleProject?: true }
  /** `project_id` and mention `ids` in the body: single and bulk edits. */
  | { kind: "mention-body" }
  /** `project_id` and a mention's document `id` in the query: one mention, found only in the caller's projects. */
  | { kind: "mention-query" }
  /** `:id` is a story, found only through the caller's projects (`project_id` / `project_ids` in the query). */
  | { kind: "story-path" }
  /** `project_id` and an edit's `edit_id` in the body (undo). */
  | { kind: "edit-body" }
  /** The API key decides the scope; covered by the ingest tests of the suite. */
  | { kind: "ingest" }
  /**
   * An incident id (`id` in the query, `:id` in the path or `id`/`into_id` in the body), found only through the caller's
   * projects; `body` names the rest of a valid request body.
   */
  | { kind: "incident"; body?: "update" | "merge" | "attach" | "solution" }
  /** `project_id` in the body, with the rest of a valid body: an incident opened by hand, a project's detection settings. */
  | { kind: "project-body"; body: "incident" | "crisis-settings" }
  /** `:id` is a connected account of the caller's; `body` names a valid request body to send with it. */
  | { kind: "connection-path"; body?: "public-page" }
  /** `project_id` and the `source_ids` of its connections' pages and accounts in the body. */
  | { kind: "connection-body" };

export type Endpoint = { method: string; path: string; key: string };

const none = (why: string): IdPlacement => ({ kind: "none", why });
const query: IdPlacement = { kind: "project-query" };

export const ROUTE_IDS: Record<string, IdPlacement> = {
  "GET /api/health": none("server status, no account data"),
  "GET /api/openapi.json": none("static API description"),
  "GET /api/app-config": none("public configuration"),
  "GET /api/avatar/:key": none("avatars are public under unguessable keys, by design"),
  "GET /api/typical_customer": none("public landing content"),
  "POST /api/advise-email": none("public contact form"),
  "POST /api/client-errors": none("anonymous error report"),
  "POST /api/register": none("creates a new account"),
  "POST /api/verify-registration": none("phone + code of the caller's own registration (auth suites)"),
  "POST /api/resend-otp": none("phone of the caller's own registration (auth suites)"),
  "POST /api/test-resend-otp": none("development only (auth suites)"),
  "POST /api/login": none("credentials (auth suites)"),
  "POST /api/logout": none("ends the caller's own session; the token is the only input"),
  "POST /api/forget-password": none("identity by username/phone (auth suites)"),
  "POST /api/reset-password": none("identity by phone + code (auth suites)"),
  "GET /api/channel": none("public channel catalogue"),
  "GET /api/channel-user": { kind: "caller" },
  "GET /api/user/show": { kind: "caller" },
  "POST /api/user/update-info": { kind: "caller" },
  "POST /api/user/change-password": { kind: "caller" },
  "POST /api/user/change-avatar": { kind: "caller" },
  "POST /api/user/upgrade-account": { kind: "caller" },
  "GET /api/get-brands": none("public brand catalogue"),
  "GET /api/project": { kind: "caller" },
  "GET /api/project/list-user-projects": { kind: "caller" },
  "GET /api/project/data-status": { kind: "caller" },
  "POST /api/project": { kind: "caller" },
  "PUT /api/project/update-name/:id": { kind: "project-path", body: "rename" },
  "PUT /api/project/:id": { kind: "project-path", body: "project" },
  "POST /api/scan-data": { kind: "caller" },
  "POST /api/project/preview": { kind: "caller" },
  "GET /api/notification": { kind: "caller" },
  "PUT /api/notification": { kind: "caller", body: "notification" },
  "POST /api/notification/test-alert": { kind: "caller" },
  "GET /api/notification/history": { kind: "caller" },
  "GET /api/notification/preview": { kind: "caller" },
  "GET /r/:code": none("an SMS digest's short link: a redirect to the dashboard carrying only the report's dates"),
  "POST /api/ingest": { kind: "ingest" },
  "GET /api/sources/health": { kind: "caller" },
  "GET /api/dashboard/stats": query,
  "GET /api/dashboard/trend-discuss": query,
  "GET /api/dashboard/trend-sentiment": query,
  "GET /api/dashboard/number-mention": query,
  "GET /api/dashboard/sentiment-by-projects": query,
  "GET /api/dashboard/top-words": query,
  "GET /api/dashboard/top-mention": query,
  "GET /api/dashboard/mention-latest": query,
  "GET /api/dashboard/hot-mention": query,
  "GET /api/dashboard/get-data-dashboard": query,
  "GET /api/mention/index": query,
  "GET /api/mention/stats": query,
  "POST /api/mention/update": { kind: "mention-body" },
  "GET /api/mention/get-sub-brand": { kind: "project-query", singleProject: true },
  "GET /api/mention/get-service": { kind: "project-query", singleProject: true },
  "GET /api/mention/export-excel": { kind: "project-query", query: { type_time: "custom" } },
  "GET /api/mention/story/:id": { kind: "story-path" },
  "GET /api/mention/sentiment-reasons": { kind: "mention-query" },
  "GET /api/incident/index": { kind: "project-query", singleProject: true },
  "GET /api/incident/show": { kind: "incident" },
  "GET /api/incident/info/:id": { kind: "incident" },
  "GET /api/incident/stats": { kind: "incident" },
  "GET /api/incident/sentiment-development": { kind: "incident" },
  "GET /api/incident/index-sentiment": { kind: "incident" },
  "GET /api/incident/index-sentiment-channel": { kind: "incident" },
  "GET /api/incident/hot-sentiment": { kind: "incident" },
  "GET /api/incident/mention-hot-new": { kind: "incident" },
  "GET /api/incident/trending-mention-interaction": { kind: "incident" },
  "GET /api/incident/hot-pages": { kind: "incident" },
  "GET /api/incident/hot-topics": { kind: "incident" },
  "GET /api/incident/word-cloud": { kind: "incident" },
  "GET /api/incident/mentions": { kind: "incident" },
  "GET /api/incident/solution-evaluation/:id": { kind: "incident" },
  "POST /api/incident/solution-evaluation/:id": { kind: "incident", body: "solution" },
  "GET /api/incident/update-history/:id": { kind: "incident" },
  "POST /api/incident/update": { kind: "incident", body: "update" },
  "POST /api/incident/create": { kind: "project-body", body: "incident" },
  "POST /api/incident/merge": { kind: "incident", body: "merge" },
  "POST /api/incident/attach": { kind: "incident", body: "attach" },
  "POST /api/incident/detach": { kind: "incident", body: "attach" },
  "POST /api/incident/settings": { kind: "project-body", body: "crisis-settings" },
  "GET /api/incident/export-excel": { kind: "incident" },
  "GET /api/incident/settings": { kind: "project-query", singleProject: true },
  "POST /api/mention/undo": { kind: "edit-body" },
  "GET /api/audience/get-count-user": query,
  "GET /api/audience/stats": query,
  "GET /api/audience/index-by-provinces": query,
  "GET /api/audience/index-by-areas": query,
  "GET /api/audience/index-by-job": query,
  "GET /api/audience/index-by-age-channel": query,
  "GET /api/audience/index-by-age-project": query,
  "GET /api/audience/get-top-user": query,
  "GET /api/connections": { kind: "project-query", singleProject: true },
  "GET /api/connections/meta/start": { kind: "project-query", singleProject: true },
  "GET /api/connections/meta/callback": none("Meta's redirect: the single-use state it carries names the account (connections tests)"),
  "GET /api/connections/threads/start": { kind: "project-query", singleProject: true },
  "GET /api/connections/threads/callback": none("Threads' redirect: the single-use state it carries names the account (threads tests)"),
  "GET /api/connections/zalo/start": { kind: "project-query", singleProject: true },
  "GET /api/connections/zalo/callback": none("Zalo's redirect: the single-use state it carries names the account (zalo tests)"),
  "GET /api/connections/tiktok/start": { kind: "project-query", singleProject: true },
  "GET /api/connections/tiktok/callback": none("TikTok's redirect: the single-use state it carries names the account (tiktok tests)"),
  "GET /api/connections/linkedin/start": { kind: "project-query", singleProject: true },
  "GET /api/connections/linkedin/callback": none("LinkedIn's redirect: the single-use state it carries names the account (linkedin tests)"),
  "POST /api/connections/sources/follow": { kind: "connection-body" },
  "DELETE /api/connections/:id": { kind: "connection-path" },
  "POST /api/connections/:id/public-pages": { kind: "connection-path", body: "public-page" },
  "GET /api/webhooks/meta": none("Meta's verification request: no account data"),
  "POST /api/webhooks/meta": none("Meta's signed deliveries: the followed page decides the account (meta-webhook tests)"),
  "POST /api/webhooks/zalo": none("Zalo's signed events: the connected OA decides the account (zalo tests)"),
};

/** Routes that exist only in some configurations: classified, but not required in the route table. */
const OPTIONAL = new Set(["POST /api/test-resend-otp"]);

/** The endpoints of the app's route table: middleware and catch-all fallbacks (paths ending in `*`) left out. */
export function registeredEndpoints(routes: readonly { method: string; path: string }[]): Endpoint[] {
  const byKey = new Map<string, Endpoint>();
  for (const { method, path } of routes) {
    if (path.endsWith("*")) continue;
    const key = `${method} ${path}`;
    byKey.set(key, { method, path, key });
  }
  return [...byKey.values()];
}

/** Registered routes nobody classified, and classifications of routes that no longer exist. */
export function classificationGaps(endpoints: Endpoint[]) {
  const registered = new Set(endpoints.map((e) => e.key));
  return {
    unclassified: endpoints.filter((e) => !(e.key in ROUTE_IDS)).map((e) => e.key),
    stale: Object.keys(ROUTE_IDS).filter((key) => !registered.has(key) && !OPTIONAL.has(key)),
  };
}
