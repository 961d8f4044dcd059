import { sql } from "kysely";
import { afterAll, beforeAll, expect, test } from "vitest";
import { META_SCOPES } from "../../src/server/services/connections/index.ts";
import { callback, createTenant, metaConfig, SITE_URL, startState, type Tenant } from "../factories/meta-connection.ts";
import { META, startMetaServer } from "../factories/meta-server.ts";
import { createTestContext, type TestContext } from "../factories/test-app.ts";

let ctx: TestContext;
let meta: Awaited<ReturnType<typeof startMetaServer>>;
let a: Tenant;
let b: Tenant;
/** Every answer the tests read, so none can be shown to carry a token. */
const answers: string[] = [];
const PAGE = META.pages[0];
const TOKENS = [META.shortToken, META.longToken, ...META.pages.map((p) => p.access_token)];

const read = async (res: Response) => {
  const text = await res.text();
  answers.push(text, res.headers.get("location") ?? "");
  return { status: res.status, location: res.headers.get("location"), body: text ? JSON.parse(text) : null };
};
const list = async (tenant: Tenant, projectId = tenant.projectId) =>
  read(await ctx.request(`/api/connections?project_id=${projectId}`, { token: tenant.token }));
const follow = async (tenant: Tenant, json: unknown) =>
  read(await ctx.request("/api/connections/sources/follow", { method: "POST", token: tenant.token, json }));

beforeAll(async () => {
  meta = await startMetaServer();
  ctx = await createTestContext({ config: metaConfig(meta.url) });
  a = await createTenant(ctx, "Cà Phê Sáng", ["Cà Phê Sáng"]);
  b = await createTenant(ctx, "Trà Sữa Mây", ["Trà Sữa Mây"]);
});
afterAll(async () => {
  await ctx?.close();
  await meta?.close();
});

test("start sends the browser to Meta's login dialog with the app, the callback, a state and the pages' permissions", async () => {
  const started = await read(await ctx.request(`/api/connections/meta/start?project_id=${a.projectId}`, { token: a.token }));
  expect(started.status).toBe(302);
  const url = new URL(started.location!);
  expect(`${url.origin}${url.pathname}`).toBe("https://www.facebook.com/v21.0/dialog/oauth");
  expect(url.searchParams.get("client_id")).toBe("123456789012345");
  expect(url.searchParams.get("redirect_uri")).toBe(`${SITE_URL}/api/connections/meta/callback`);
  expect(url.searchParams.get("response_type")).toBe("code");
  expect(url.searchParams.get("scope")?.split(",")).toEqual(META_SCOPES);
  expect(META_SCOPES).toEqual(expect.arrayContaining(["pages_show_list", "pages_read_user_content", "instagram_manage_comments"]));
  expect(url.searchParams.get("state")).toMatch(/^[\w-]{40,}$/);
  expect(started.body).toEqual({ code: 302, data: { location: started.location }, errors: {} });

  // The screen fetches the same address as JSON: its session cannot ride on a page navigation.
  const asked = await ctx.request(`/api/connections/meta/start?project_id=${a.projectId}`, {
    token: a.token,
    headers: { accept: "application/json" },
  });
  expect(asked.status).toBe(200);
  expect(new URL((await asked.json()).data.location).pathname).toBe("/v21.0/dialog/oauth");
  expect((await read(await ctx.request(`/api/connections/meta/start?project_id=${a.projectId}`))).status).toBe(401);
  const foreign = await read(await ctx.request(`/api/connections/meta/start?project_id=${a.projectId}`, { token: b.token }));
  expect(foreign.status).toBe(404);
});

test("the callback refuses a missing, unknown or expired state, and stores nothing", async () => {
  const queries: Record<string, string>[] = [{ code: META.code }, { code: META.code, state: "khong-phai-state-cua-nghe" }];
  for (const query of queries) {
    const refused = await read(await callback(ctx, query));
    expect(refused.status).toBe(403);
    expect(refused.body.errors.message).toEqual(["Phiên kết nối không hợp lệ hoặc đã hết hạn, vui lòng kết nối lại"]);
  }
  const state = await startState(ctx, a);
  ctx.setNow(new Date(ctx.deps.now().getTime() + 11 * 60_000));
  try {
    expect((await read(await callback(ctx, { code: META.code, state }))).status).toBe(403);
  } finally {
    ctx.setNow(new Date("2026-11-21T03:00:00Z"));
  }
  expect((await list(a)).body.data.connections).toEqual([]);
});

test("a code Meta refuses, or a customer who says no, sends the browser back without a connection", async () => {
  const failed = await read(await callback(ctx, { code: "ma-sai", state: await startState(ctx, a) }));
  expect(failed.location).toBe(`/project-setting/connections?project_id=${a.projectId}&connection=failed`);
  const denied = await read(await callback(ctx, { error: "access_denied", state: await startState(ctx, a) }));
  expect(denied.location).toBe(`/project-setting/connections?project_id=${a.projectId}&connection=denied`);
  expect((await list(a)).body.data.connections).toEqual([]);
});

test("the callback stores the user's pages and Instagram account, none followed, and its state works once", async () => {
  const state = await startState(ctx, a);
  const done = await read(await callback(ctx, { code: META.code, state }));
  expect(done.status).toBe(302);
  expect(done.location).toBe(`/project-setting/connections?project_id=${a.projectId}&connection=connected`);
  expect((await read(await callback(ctx, { code: META.code, state }))).status).toBe(403);

  const exchanges = meta.requests.filter((r) => r.url.startsWith("/oauth/access_token")).map((r) => new URL(r.url, meta.url).searchParams);
  expect(exchanges.at(-2)?.get("redirect_uri")).toBe(`${SITE_URL}/api/connections/meta/callback`);
  expect(exchanges.at(-1)?.get("grant_type")).toBe("fb_exchange_token");

  const { body } = await list(a);
  expect(body.data.providers).toEqual([
    { provider: "meta", configured: true, public_pages: false },
    { provider: "threads", configured: false },
    { provider: "zalo", configured: false },
    { provider: "tiktok", configured: false },
    { provider: "linkedin", configured: false },
  ]);
  expect(body.data.connections).toHaveLength(1);
  const [connection] = body.data.connections;
  expect(connection).toMatchObject({ provider: "meta", external_user_name: META.user.name, state: "connected", reason: null });
  // About 60 days, as Meta's long-lived token says.
  expect(new Date(connection.expires_at).getTime() - ctx.deps.now().getTime()).toBe(5_183_944_000);
  expect(connection.sources.map((s: { kind: string; name: string; followed: boolean }) => [s.kind, s.name, s.followed])).toEqual([
    ["facebook_page", "Bánh Mì Hội An Chính Gốc", false],
    ["facebook_page", "Cà Phê Sáng Sài Gòn", false],
    ["instagram_account", "caphesangsaigon", false],
  ]);
});

test("a token that runs out within seven days shows as expiring", async () => {
  const [{ id, expires_at }] = (await list(a)).body.data.connections;
  const stateWhenLeft = async (days: number) => {
    const expiresAt = new Date(ctx.deps.now().getTime() + days * 24 * 3600_000);
    await ctx.handle.db.updateTable("connections").set({ expires_at: expiresAt }).where("id", "=", id).execute();
    return (await list(a)).body.data.connections[0].state;
  };
  try {
    expect(await stateWhenLeft(7.01)).toBe("connected");
    expect(await stateWhenLeft(7)).toBe("expiring");
    expect(await stateWhenLeft(0.5)).toBe("expiring");
  } finally {
    await ctx.handle.db
      .updateTable("connections")
      .set({ expires_at: new Date(expires_at) })
      .where("id", "=", id)
      .execute();
  }
  expect((await list(a)).body.data.connections[0].state).toBe("connected");
});

test("no answer carries a token, and the database holds none in clear", async () => {
  const rows = await sql<{ row: string }>`
    select row_to_json(c)::text as row from connections c
    union all select row_to_json(s)::text from connection_sources s`.execute(ctx.handle.db);
  expect(rows.rows.length).toBe(4);
  for (const token of TOKENS) {
    expect(answers.join("\n")).not.toContain(token);
    for (const { row } of rows.rows) expect(row).not.toContain(token);
  }
});

test("the account follows a page; another account can neither see, follow nor disconnect it", async () => {
  const [connection] = (await list(a)).body.data.connections;
  const page = connection.sources.find((s: { name: string }) => s.name === "Cà Phê Sáng Sài Gòn");

  expect((await list(b, a.projectId)).status).toBe(404);
  expect((await list(b)).body.data.connections).toEqual([]);
  for (const json of [
    { project_id: a.projectId, source_ids: [page.id], followed: true },
    { project_id: b.projectId, source_ids: [page.id], followed: true },
  ])
    expect((await follow(b, json)).status).toBe(404);
  const missing = await read(await ctx.request("/api/connections/999999", { method: "DELETE", token: b.token }));
  const foreign = await read(await ctx.request(`/api/connections/${connection.id}`, { method: "DELETE", token: b.token }));
  expect(foreign.status).toBe(404);
  expect(foreign.body).toEqual(missing.body);

  const followed = await follow(a, { project_id: a.projectId, source_ids: [page.id], followed: true });
  expect(followed.body).toEqual({ code: 200, data: { updated: 1 }, errors: {} });
  // Meta delivers a page's feed, mentions and recommendations only once the app is installed on it, with the page's token.
  const installed = meta.requests.filter((r) => r.method === "POST" && r.url.startsWith(`/${PAGE.id}/subscribed_apps`));
  expect(installed).toHaveLength(1);
  expect(new URL(installed[0].url, meta.url).searchParams.get("subscribed_fields")).toBe("feed,mention,ratings");
  expect(new URL(installed[0].url, meta.url).searchParams.get("access_token")).toBe(PAGE.access_token);
  // One source that is not the caller's refuses the whole request.
  expect((await follow(a, { project_id: a.projectId, source_ids: [page.id, 999_999], followed: false })).status).toBe(404);
  const after = (await list(a)).body.data.connections[0].sources;
  expect(after.filter((s: { followed: boolean }) => s.followed).map((s: { name: string }) => s.name)).toEqual(["Cà Phê Sáng Sài Gòn"]);
});

test("a page Meta refuses to install the app on marks its connection failing, with Meta's reason", async () => {
  const [connection] = (await list(a)).body.data.connections;
  const other = connection.sources.find((s: { name: string }) => s.name === "Bánh Mì Hội An Chính Gốc");
  meta.flags.revoked = true;
  try {
    expect((await follow(a, { project_id: a.projectId, source_ids: [other.id], followed: true })).status).toBe(200);
  } finally {
    meta.flags.revoked = false;
  }
  const [failing] = (await list(a)).body.data.connections;
  expect(failing).toMatchObject({ state: "failing", failing_since: ctx.deps.now().toISOString() });
  expect(failing.reason).toContain("OAuthException 190");
});

test("connecting again renews the token and keeps the pages followed", async () => {
  await read(await callback(ctx, { code: META.code, state: await startState(ctx, a) }));
  const { connections } = (await list(a)).body.data;
  expect(connections).toHaveLength(1);
  expect(connections[0]).toMatchObject({ state: "connected", failing_since: null, reason: null });
  expect(connections[0].sources.filter((s: { followed: boolean }) => s.followed)).toHaveLength(2);
});

test("disconnecting removes the connection and its sources and withdraws the app's permissions at Meta", async () => {
  const [connection] = (await list(a)).body.data.connections;
  const removed = await read(await ctx.request(`/api/connections/${connection.id}`, { method: "DELETE", token: a.token }));
  expect(removed.body).toEqual({ code: 200, data: {}, errors: {} });
  expect(meta.requests.some((r) => r.method === "DELETE" && r.url.startsWith("/me/permissions"))).toBe(true);
  expect((await list(a)).body.data.connections).toEqual([]);
  const left = await ctx.handle.db.selectFrom("connection_sources").select("id").where("connection_id", "=", connection.id).execute();
  expect(left).toEqual([]);
  expect((await read(await ctx.request(`/api/connections/${connection.id}`, { method: "DELETE", token: a.token }))).status).toBe(404);
});

test("without a Meta app the provider shows as not configured and a start is refused", async () => {
  const bare = await createTestContext();
  try {
    const c = await createTenant(bare, "Phở Hà Nội", ["Phở Hà Nội"]);
    const listed = await bare.request(`/api/connections?project_id=${c.projectId}`, { token: c.token });
    expect((await listed.json()).data.providers).toEqual([
      { provider: "meta", configured: false, public_pages: false },
      { provider: "threads", configured: false },
      { provider: "zalo", configured: false },
      { provider: "tiktok", configured: false },
      { provider: "linkedin", configured: false },
    ]);
    const start = await bare.request(`/api/connections/meta/start?project_id=${c.projectId}`, { token: c.token, lang: "en" });
    expect(start.status).toBe(409);
    expect((await start.json()).errors.message).toEqual(["Facebook and Instagram connections are not configured on this server"]);
  } finally {
    await bare.close();
  }
});
