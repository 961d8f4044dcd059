import { afterAll, beforeAll, expect, test } from "vitest";
import { loadConfig } from "../../src/server/config.ts";
import { collectThreads, refreshThreadsTokens, THREADS_DAILY_QUERIES } from "../../src/server/services/connections/index.ts";
import { CHANNEL_ID } from "../../src/shared/channels.ts";
import { MENTION_TYPE } from "../../src/shared/mention.ts";
import { createTenant, SITE_URL, type Tenant } from "../factories/meta-connection.ts";
import { connectionListing, listedMentions } from "../factories/connection-listing.ts";
import { createTestContext, type TestContext } from "../factories/test-app.ts";
import { startThreadsServer, THREADS, THREADS_SECRET } from "../factories/threads-server.ts";

// Issue 35, Threads: connect an account, search the project's keywords within Threads' quota, read the replies to the
// account's own threads; all of it the connecting account's alone.
let ctx: TestContext;
let threads: Awaited<ReturnType<typeof startThreadsServer>>;
/** a connects its Threads account; b's keyword is in a's texts, but they are a's own. */
let a: Tenant;
let b: Tenant;

const START = new Date("2026-11-21T03:00:00Z");
const PERIOD = { type_time: "custom", start_date: "2026-11-01", end_date: "2026-11-21" };
const [BRAND_POST, COMPETITOR_POST, UNRELATED_POST] = THREADS.search;
const [OWN_THREAD] = THREADS.ownThreads;
const REPLIES = THREADS.replies[OWN_THREAD.id];

const threadsConfig = (graphUrl: string) =>
  loadConfig({
    NODE_ENV: "test",
    TRUST_PROXY: "1",
    SITE_URL,
    THREADS_APP_ID: "1122334455667788",
    THREADS_APP_SECRET: THREADS_SECRET,
    THREADS_GRAPH_URL: graphUrl,
    CONNECTIONS_KEY: Buffer.alloc(32, 9).toString("base64"),
  });

type Listed = { id: number; channel_id: number; mention_type: number; content: string };
const mentions = (tenant: Tenant) => listedMentions<Listed>(ctx, tenant, PERIOD);
const connections = (tenant: Tenant) => connectionListing(ctx, tenant);
const threadsConnection = async (tenant: Tenant) => (await connections(tenant)).connections.find((c) => c.provider === "threads");

async function startState(tenant: Tenant): Promise<URL> {
  const res = await ctx.request(`/api/connections/threads/start?project_id=${tenant.projectId}`, { token: tenant.token });
  expect(res.status).toBe(302);
  return new URL(res.headers.get("location")!);
}
const callback = (query: Record<string, string>) => ctx.request(`/api/connections/threads/callback?${new URLSearchParams(query)}`);
const requestsTo = (path: string) => threads.requests.filter((r) => new URL(r.url, "http://x").pathname === path);
const searched = () => requestsTo("/keyword_search").map((r) => new URL(r.url, "http://x").searchParams);

beforeAll(async () => {
  threads = await startThreadsServer();
  ctx = await createTestContext({ config: threadsConfig(threads.url) });
  a = await createTenant(ctx, "Trà Sữa Mây", ["Trà Sữa Mây"], [{ name: "Bông Trà", keywords: ["Bông Trà"] }]);
  b = await createTenant(ctx, "Trà sữa", ["trà sữa", "Thủ Đức"]);
});
afterAll(async () => {
  await ctx?.close();
  await threads?.close();
});

test("connect: Threads' authorization window with the three permissions, the code for a long-lived token, stored encrypted", async () => {
  expect((await connections(a)).providers).toEqual([
    { provider: "meta", configured: false, public_pages: false },
    { provider: "threads", configured: true },
    { provider: "zalo", configured: false },
    { provider: "tiktok", configured: false },
    { provider: "linkedin", configured: false },
  ]);
  const dialog = await startState(a);
  expect(dialog.origin + dialog.pathname).toBe("https://threads.net/oauth/authorize");
  expect(Object.fromEntries(dialog.searchParams)).toMatchObject({
    client_id: "1122334455667788",
    redirect_uri: `${SITE_URL}/api/connections/threads/callback`,
    scope: "threads_basic,threads_keyword_search,threads_read_replies",
    response_type: "code",
  });
  const state = dialog.searchParams.get("state")!;

  const done = await callback({ code: THREADS.code, state });
  expect(done.status).toBe(302);
  expect(done.headers.get("location")).toBe(`/project-setting/connections?project_id=${a.projectId}&connection=connected`);
  const [exchange] = requestsTo("/oauth/access_token");
  expect(exchange.method).toBe("POST");
  expect(new URL(exchange.url, "http://x").searchParams.get("redirect_uri")).toBe(`${SITE_URL}/api/connections/threads/callback`);
  expect(new URL(requestsTo("/access_token")[0].url, "http://x").searchParams.get("grant_type")).toBe("th_exchange_token");

  const connection = await threadsConnection(a);
  expect(connection).toMatchObject({ external_user_name: THREADS.user.name, state: "connected", search_queries: { used: 0, limit: 2200 } });
  expect(connection?.expires_at).toBe(new Date(START.getTime() + THREADS.expiresIn * 1000).toISOString());
  const stored = await ctx.handle.db.selectFrom("connections").select(["access_token", "token_issued_at"]).executeTakeFirstOrThrow();
  expect(stored.access_token).not.toContain(THREADS.longToken);
  expect(stored.token_issued_at?.toISOString()).toBe(START.toISOString());

  // The state is single-use.
  expect((await callback({ code: THREADS.code, state })).status).toBe(403);
});

test("a round: keyword searches are the project's mentions on Threads, replies to its own threads too without the keyword", async () => {
  expect(await collectThreads(ctx.deps)).toMatchObject({ connections: 1, queries: 2 });
  const queries = searched();
  expect(queries.map((q) => q.get("q")).sort()).toEqual(["Bông Trà", "Trà Sữa Mây"]);
  for (const q of queries) {
    expect(q.get("search_type")).toBe("RECENT");
    expect(q.get("since")).toBe(String((START.getTime() - 24 * 3600_000) / 1000));
    expect(q.get("fields")).toBe("id,text,media_type,permalink,timestamp,username");
  }

  const listed = await mentions(a);
  const brand = listed.find((m) => m.content === BRAND_POST.text);
  expect(brand).toMatchObject({ channel_id: CHANNEL_ID.threads, mention_type: MENTION_TYPE.post });
  for (const reply of REPLIES)
    expect(listed.find((m) => m.content === reply.text)).toMatchObject({
      channel_id: CHANNEL_ID.threads,
      mention_type: MENTION_TYPE.reply,
    });
  expect(listed.map((m) => m.content)).not.toContain(UNRELATED_POST.text);
  // The competitor's post is its project's, not the brand's.
  expect(listed.map((m) => m.content)).not.toContain(COMPETITOR_POST.text);

  const authors = await ctx.handle.db
    .selectFrom("documents")
    .select(["external_id", "account_id", "author_url", "parent_external_id"])
    .where("channel", "=", CHANNEL_ID.threads)
    .execute();
  expect(authors.every((d) => d.account_id === a.userId)).toBe(true);
  expect(authors.find((d) => d.external_id === BRAND_POST.id)?.author_url).toBe(`https://www.threads.net/@${BRAND_POST.username}`);
  expect(authors.find((d) => d.external_id === REPLIES[0].id)?.parent_external_id).toBe(OWN_THREAD.id);
  expect((await threadsConnection(a))?.search_queries).toEqual({ used: 2, limit: THREADS_DAILY_QUERIES });
});

test("another account sees none of it, and cannot list, start or remove the connection", async () => {
  const contents = (await mentions(b)).map((m) => m.content);
  expect(contents).not.toContain(BRAND_POST.text);
  expect(contents).not.toContain(REPLIES[0].text);
  const id = (await threadsConnection(a))!.id;
  expect((await ctx.request(`/api/connections?project_id=${a.projectId}`, { token: b.token })).status).toBe(404);
  expect((await ctx.request(`/api/connections/threads/start?project_id=${a.projectId}`, { token: b.token })).status).toBe(404);
  expect((await ctx.request(`/api/connections/${id}`, { method: "DELETE", token: b.token })).status).toBe(404);
  expect(await threadsConnection(a)).toMatchObject({ id, state: "connected" });
});

test("the 24-hour query budget: a round never goes past 2,200 searches for the Threads user", async () => {
  const later = new Date(START.getTime() + 10 * 60_000);
  ctx.setNow(later);
  const connection = (await threadsConnection(a))!;
  const rows = Array.from({ length: THREADS_DAILY_QUERIES - 3 }, () => ({
    connection_id: connection.id,
    account_id: a.userId,
    threads_user_id: THREADS.user.id,
    keyword: "đã tìm trước đó",
    queried_at: new Date(later.getTime() - 3600_000),
  }));
  await ctx.handle.db.insertInto("threads_queries").values(rows).execute();
  const before = searched().length;
  expect((await collectThreads(ctx.deps)).queries).toBe(1);
  expect(searched().length).toBe(before + 1);
  // Searched from where each keyword's last search began.
  expect(searched().at(-1)?.get("since")).toBe(String(START.getTime() / 1000));
  expect((await threadsConnection(a))?.search_queries).toEqual({ used: THREADS_DAILY_QUERIES, limit: THREADS_DAILY_QUERIES });

  ctx.setNow(new Date(later.getTime() + 10 * 60_000));
  expect((await collectThreads(ctx.deps)).queries).toBe(0);
  expect(searched().length).toBe(before + 1);
  // A day after the first searches, the quota has room again.
  ctx.setNow(new Date(START.getTime() + 24 * 3600_000 + 60_000));
  expect((await collectThreads(ctx.deps)).queries).toBeGreaterThan(0);
});

test("Meta's 190 marks the connection failing with its reason; reconnecting recovers it", async () => {
  threads.flags.revoked = true;
  await collectThreads(ctx.deps);
  const failing = await threadsConnection(a);
  expect(failing).toMatchObject({ state: "failing", failing_since: ctx.deps.now().toISOString() });
  expect(failing?.reason).toContain("OAuthException 190");
  expect((await collectThreads(ctx.deps)).connections).toBe(0);

  threads.flags.revoked = false;
  const state = (await startState(a)).searchParams.get("state")!;
  expect((await callback({ code: THREADS.code, state })).headers.get("location")).toContain("connection=connected");
  expect(await threadsConnection(a)).toMatchObject({ id: failing?.id, state: "connected", failing_since: null, reason: null });
  expect((await collectThreads(ctx.deps)).connections).toBe(1);
});

test("the refresh job renews a token that runs out within 30 days, for another 60", async () => {
  expect(await refreshThreadsTokens(ctx.deps)).toEqual({ refreshed: 0 });
  const later = new Date(ctx.deps.now().getTime() + 35 * 24 * 3600_000);
  ctx.setNow(later);
  expect(await refreshThreadsTokens(ctx.deps)).toEqual({ refreshed: 1 });
  const [refresh] = requestsTo("/refresh_access_token");
  expect(new URL(refresh.url, "http://x").searchParams.get("grant_type")).toBe("th_refresh_token");
  // The sessions have run out by now: the row itself says when the token does.
  const stored = await ctx.handle.db.selectFrom("connections").select(["expires_at", "token_issued_at"]).executeTakeFirstOrThrow();
  expect(stored.expires_at).toEqual(new Date(later.getTime() + THREADS.expiresIn * 1000));
  expect(stored.token_issued_at).toEqual(later);
  expect(await refreshThreadsTokens(ctx.deps)).toEqual({ refreshed: 0 });
  // The refreshed token is the one the next round reads with.
  const before = requestsTo("/me/threads").length;
  await collectThreads(ctx.deps);
  expect(requestsTo("/me/threads").at(before)?.url).toContain(THREADS.refreshedToken);
});
