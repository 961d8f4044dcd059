import { createHash } from "node:crypto";
import { afterAll, beforeAll, expect, test } from "vitest";
import { loadConfig } from "../../src/server/config.ts";
import { backfillZaloConversations, refreshZaloTokens } from "../../src/server/services/connections/index.ts";
import { CHANNEL_ID } from "../../src/shared/channels.ts";
import { MENTION_TYPE } from "../../src/shared/mention.ts";
import { createTenant, SITE_URL, type Tenant } from "../factories/meta-connection.ts";
import { connectionListing, listedMentions } from "../factories/connection-listing.ts";
import { createTestContext, type TestContext } from "../factories/test-app.ts";
import { signedZaloEvent, startZaloServer, userSendText, ZALO, ZALO_APP_ID, ZALO_APP_SECRET, zaloEnv } from "../factories/zalo-server.ts";

// Issue 36, Zalo OA: connect an Official Account (OAuth v4 with PKCE), backfill its recent conversations, receive its
// followers' messages by signed webhook; every message private to the connecting account, labelled as a message.
let ctx: TestContext;
let zalo: Awaited<ReturnType<typeof startZaloServer>>;
/** a connects its OA; b's keyword is in a's followers' messages, but they are a's private conversation. */
let a: Tenant;
let b: Tenant;

const START = new Date("2026-11-21T03:00:00Z");
const PERIOD = { type_time: "custom", start_date: "2026-11-01", end_date: "2026-11-22" };
const [HA, KHOA] = ZALO.followers;
const OA_MESSAGE = ZALO.conversations[HA.user_id][0];
const FROM_FOLLOWERS = Object.values(ZALO.conversations)
  .flat()
  .filter((m) => m.src === 1);
const NEW_TEXT = "Trà sữa hôm nay ngọt quá, lần sau quán giảm đường giúp mình nhé.";

const zaloConfig = (url: string) =>
  loadConfig({ NODE_ENV: "test", TRUST_PROXY: "1", SITE_URL, ...zaloEnv(url), CONNECTIONS_KEY: Buffer.alloc(32, 11).toString("base64") });

type Listed = { channel_id: number; mention_type: number; content: string; author_name: string | null };
const mentions = (tenant: Tenant) => listedMentions<Listed>(ctx, tenant, PERIOD);
const connections = (tenant: Tenant) => connectionListing(ctx, tenant);
const zaloConnection = async (tenant: Tenant) => (await connections(tenant)).connections.find((c) => c.provider === "zalo");

async function permissionPage(tenant: Tenant): Promise<URL> {
  const res = await ctx.request(`/api/connections/zalo/start?project_id=${tenant.projectId}`, { token: tenant.token });
  expect(res.status).toBe(302);
  return new URL(res.headers.get("location")!);
}
const callback = (query: Record<string, string>) => ctx.request(`/api/connections/zalo/callback?${new URLSearchParams(query)}`);
const deliver = (event: { method: string; body: string; headers: Record<string, string> }) => ctx.request("/api/webhooks/zalo", event);
const requestsTo = (path: string) => zalo.requests.filter((r) => new URL(r.url, "http://x").pathname === path);

/** The customer grants the OA on Zalo's permission page and comes back. */
async function connect(tenant: Tenant) {
  const page = await permissionPage(tenant);
  const code = zalo.grant(page.searchParams.get("code_challenge")!);
  return callback({ code, state: page.searchParams.get("state")!, oa_id: ZALO.oa.oa_id });
}

beforeAll(async () => {
  zalo = await startZaloServer();
  ctx = await createTestContext({ config: zaloConfig(zalo.url) });
  ctx.setNow(START);
  a = await createTenant(ctx, "Trà Sữa Mây", ["Trà Sữa Mây"]);
  b = await createTenant(ctx, "Trà sữa", ["trà sữa", "giao trễ"]);
});
afterAll(async () => {
  await ctx?.close();
  await zalo?.close();
});

test("connect: Zalo's permission page with a PKCE challenge, the code and verifier for tokens, the OA stored and followed", async () => {
  expect((await connections(a)).providers).toContainEqual({ provider: "zalo", configured: true });
  const page = await permissionPage(a);
  expect(page.origin + page.pathname).toBe(`${zalo.url}/v4/oa/permission`);
  expect(page.searchParams.get("app_id")).toBe(ZALO_APP_ID);
  expect(page.searchParams.get("redirect_uri")).toBe(`${SITE_URL}/api/connections/zalo/callback`);
  expect(page.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
  const state = page.searchParams.get("state")!;
  // The verifier waits with the hashed state, never the state itself.
  const row = await ctx.handle.db.selectFrom("connection_states").select(["state_hash", "code_verifier"]).executeTakeFirstOrThrow();
  expect(row.state_hash).not.toBe(state);
  expect(createHash("sha256").update(row.code_verifier!).digest("base64url")).toBe(page.searchParams.get("code_challenge"));

  const code = zalo.grant(page.searchParams.get("code_challenge")!);
  const done = await callback({ code, state, oa_id: ZALO.oa.oa_id });
  expect(done.status).toBe(302);
  expect(done.headers.get("location")).toBe(`/project-setting/connections?project_id=${a.projectId}&connection=connected`);
  const [exchange] = requestsTo("/v4/oa/access_token");
  expect(exchange.headers.secret_key).toBe(ZALO_APP_SECRET);
  expect(Object.fromEntries(new URLSearchParams(exchange.body))).toMatchObject({
    code,
    app_id: ZALO_APP_ID,
    grant_type: "authorization_code",
  });
  expect(requestsTo("/v2.0/oa/getoa")).toHaveLength(1);

  const connection = await zaloConnection(a);
  expect(connection).toMatchObject({ external_user_name: ZALO.oa.name, state: "connected" });
  // The refresh token's 3 months are what the customer must act on, not the access token's 25 hours.
  expect(connection?.expires_at).toBe(new Date(START.getTime() + 90 * 24 * 3600_000).toISOString());
  expect(connection?.sources).toEqual([
    expect.objectContaining({ kind: "zalo_oa", external_id: ZALO.oa.oa_id, followed: true, backfill_done: false }),
  ]);
  const stored = await ctx.handle.db
    .selectFrom("connections")
    .select(["access_token", "refresh_token", "access_expires_at"])
    .executeTakeFirstOrThrow();
  expect(stored.access_token).not.toContain("zaloAccessNghe");
  expect(stored.refresh_token).not.toContain("zaloRefreshNghe");
  expect(stored.access_expires_at?.toISOString()).toBe(new Date(START.getTime() + 90_000_000).toISOString());

  // The state is single-use; a code without its verifier's state is refused.
  expect((await callback({ code, state })).status).toBe(403);
});

test("a refusal on Zalo's page comes back denied; a code Zalo will not exchange comes back failed, nothing stored", async () => {
  const refused = await permissionPage(b);
  const denied = await callback({ error: "access_denied", state: refused.searchParams.get("state")! });
  expect(denied.headers.get("location")).toBe(`/project-setting/connections?project_id=${b.projectId}&connection=denied`);
  // A code granted for another challenge: Zalo refuses the verifier.
  const page = await permissionPage(b);
  const failed = await callback({ code: zalo.grant("thu-thach-khac"), state: page.searchParams.get("state")! });
  expect(failed.headers.get("location")).toBe(`/project-setting/connections?project_id=${b.projectId}&connection=failed`);
  expect(await zaloConnection(b)).toBeUndefined();
});

test("backfill: the recent conversations' follower messages become the project's messages, the OA's replies do not", async () => {
  expect(await backfillZaloConversations(ctx.deps, 5)).toEqual({ pages: 1 });
  const listed = await mentions(a);
  for (const sent of FROM_FOLLOWERS)
    expect(listed.find((m) => m.content === sent.message)).toMatchObject({
      channel_id: CHANNEL_ID.zalo,
      mention_type: MENTION_TYPE.message,
      author_name: sent.from_display_name,
    });
  expect(listed.map((m) => m.content)).not.toContain(OA_MESSAGE.message);
  const source = (await zaloConnection(a))?.sources[0];
  expect(source).toMatchObject({ backfill_collected: FROM_FOLLOWERS.length, backfill_done: true });
  expect(await backfillZaloConversations(ctx.deps, 5)).toEqual({ pages: 0 });
});

test("webhook: a signed follower message is a message mention with the follower's name; a replay adds nothing", async () => {
  const sentAt = new Date(START.getTime() + 60_000);
  ctx.setNow(new Date(sentAt.getTime() + 2000));
  const event = signedZaloEvent(userSendText("c3d2e1f0a9b8c7d6e5", KHOA.user_id, NEW_TEXT, sentAt));
  const first = await deliver(event);
  expect(first.status).toBe(200);
  expect((await first.json()).data).toEqual({ documents: 1 });
  expect((await mentions(a)).find((m) => m.content === NEW_TEXT)).toMatchObject({
    channel_id: CHANNEL_ID.zalo,
    mention_type: MENTION_TYPE.message,
    author_name: KHOA.display_name,
  });
  expect(((await (await deliver(event)).json()) as { data: unknown }).data).toEqual({ documents: 0 });
  expect((await mentions(a)).filter((m) => m.content === NEW_TEXT)).toHaveLength(1);

  // Follows and reactions carry no conversation: acknowledged, nothing stored.
  const follow = {
    app_id: ZALO_APP_ID,
    oa_id: ZALO.oa.oa_id,
    event_name: "follow",
    timestamp: String(sentAt.getTime()),
    follower: { id: HA.user_id },
  };
  expect(((await (await deliver(signedZaloEvent(follow))).json()) as { data: unknown }).data).toEqual({ documents: 0 });
});

test("webhook signatures: forged, unsigned, tampered and stale events are refused", async () => {
  const sentAt = new Date(ctx.deps.now().getTime() - 1000);
  const event = userSendText("d4e3f2a1b0c9d8e7f6", HA.user_id, "Tin nhắn giả mạo không được lưu lại.", sentAt);
  expect((await deliver(signedZaloEvent(event, "khoa-bi-mat-sai"))).status).toBe(401);
  const signed = signedZaloEvent(event);
  expect((await deliver({ ...signed, headers: { "content-type": "application/json" } })).status).toBe(401);
  expect((await deliver({ ...signed, body: signed.body.replace("giả mạo", "thật") })).status).toBe(401);
  // Properly signed, but older than Zalo's 12 hours of retries.
  const stale = userSendText("e5f4a3b2c1d0e9f8a7", HA.user_id, "Tin nhắn cũ gửi lại lần nữa.", new Date(sentAt.getTime() - 13 * 3600_000));
  expect((await deliver(signedZaloEvent(stale))).status).toBe(401);
  const contents = (await mentions(a)).map((m) => m.content);
  expect(contents).not.toContain("Tin nhắn giả mạo không được lưu lại.");
  expect(contents).not.toContain("Tin nhắn cũ gửi lại lần nữa.");
});

test("another account sees none of it (its keywords are in the messages), and cannot list, start or remove the connection", async () => {
  const contents = (await mentions(b)).map((m) => m.content);
  for (const sent of [...FROM_FOLLOWERS.map((m) => m.message), NEW_TEXT]) expect(contents).not.toContain(sent);
  const stored = await ctx.handle.db.selectFrom("documents").select("account_id").where("channel", "=", CHANNEL_ID.zalo).execute();
  expect(stored.length).toBe(FROM_FOLLOWERS.length + 1);
  expect(stored.every((d) => d.account_id === a.userId)).toBe(true);
  const id = (await zaloConnection(a))!.id;
  expect((await ctx.request(`/api/connections?project_id=${a.projectId}`, { token: b.token })).status).toBe(404);
  expect((await ctx.request(`/api/connections/zalo/start?project_id=${a.projectId}`, { token: b.token })).status).toBe(404);
  expect((await ctx.request(`/api/connections/${id}`, { method: "DELETE", token: b.token })).status).toBe(404);
});

test("an OA no longer followed: its followers' messages are not kept", async () => {
  const source = (await zaloConnection(a))!.sources[0];
  await ctx.handle.db.updateTable("connection_sources").set({ followed: false }).where("external_id", "=", source.external_id).execute();
  const event = signedZaloEvent(userSendText("b8c7d6e5f4a3b2c1d0", HA.user_id, "Cảm ơn quán đã tư vấn nhiệt tình.", ctx.deps.now()));
  expect((await (await deliver(event)).json()).data).toEqual({ documents: 0 });
  await ctx.handle.db.updateTable("connection_sources").set({ followed: true }).where("external_id", "=", source.external_id).execute();
});

test("an expired access token (-216) is refreshed with the single-use refresh token, then the call goes on", async () => {
  zalo.flags.expired = true;
  const before = requestsTo("/v4/oa/access_token").length;
  const sentAt = ctx.deps.now();
  const res = await deliver(
    signedZaloEvent(userSendText("f6a5b4c3d2e1f0a9b8", HA.user_id, "Mình muốn đặt bàn cho sáu người tối nay.", sentAt)),
  );
  expect((await res.json()).data).toEqual({ documents: 1 });
  const refreshes = requestsTo("/v4/oa/access_token").slice(before);
  expect(refreshes.map((r) => new URLSearchParams(r.body).get("grant_type"))).toEqual(["refresh_token"]);
  expect((await mentions(a)).find((m) => m.content === "Mình muốn đặt bàn cho sáu người tối nay.")?.author_name).toBe(HA.display_name);
  expect(await zaloConnection(a)).toMatchObject({ state: "connected" });

  // Ahead of time too: a token running out within two hours is refreshed by the hourly job.
  ctx.setNow(new Date(START.getTime() + 24 * 3600_000));
  expect(await refreshZaloTokens(ctx.deps)).toEqual({ refreshed: 1 });
});

test("Zalo's rate limit (-32) pauses the connection; it resumes once the wait is over", async () => {
  await ctx.handle.db.updateTable("connection_sources").set({ backfill_done: false, backfill_cursor: null }).execute();
  zalo.flags.rateLimited = true;
  await backfillZaloConversations(ctx.deps);
  expect(await zaloConnection(a)).toMatchObject({ state: "paused", reason: "Zalo -32: The request exceeded the rate limit" });
  expect(await backfillZaloConversations(ctx.deps)).toEqual({ pages: 0 });
  zalo.flags.rateLimited = false;
  ctx.setNow(new Date(ctx.deps.now().getTime() + 16 * 60_000));
  expect(await backfillZaloConversations(ctx.deps)).toEqual({ pages: 1 });
  expect(await zaloConnection(a)).toMatchObject({ state: "connected", reason: null });
});

test("a revoked OA: the refresh refused, the connection fails with Zalo's message; reconnecting recovers it", async () => {
  zalo.flags.revoked = true;
  ctx.setNow(new Date(ctx.deps.now().getTime() + 25 * 3600_000));
  await refreshZaloTokens(ctx.deps);
  const failing = await zaloConnection(a);
  expect(failing).toMatchObject({ state: "failing", reason: "Zalo -14014: Refresh token is invalid or expired" });
  // Messages still arrive by webhook, kept without the follower's name.
  const res = await deliver(
    signedZaloEvent(userSendText("a7b6c5d4e3f2a1b0c9", KHOA.user_id, "Quán còn nhận đặt tiệc cuối tuần không?", ctx.deps.now())),
  );
  expect((await res.json()).data).toEqual({ documents: 1 });

  zalo.flags.revoked = false;
  expect((await connect(a)).headers.get("location")).toContain("connection=connected");
  expect(await zaloConnection(a)).toMatchObject({ id: failing?.id, state: "connected", reason: null });
});

test("without a Zalo app the provider shows as not configured and a start is refused in the customer's language", async () => {
  const bare = await createTestContext();
  try {
    const c = await createTenant(bare, "Bánh Mì Cô Ba", ["Bánh Mì Cô Ba"]);
    const listed = await bare.request(`/api/connections?project_id=${c.projectId}`, { token: c.token });
    expect((await listed.json()).data.providers).toContainEqual({ provider: "zalo", configured: false });
    const start = await bare.request(`/api/connections/zalo/start?project_id=${c.projectId}`, { token: c.token });
    expect(start.status).toBe(409);
    expect((await start.json()).errors.message).toEqual(["Kết nối Zalo Official Account chưa được cấu hình trên máy chủ này"]);
  } finally {
    await bare.close();
  }
});
