import { afterAll, beforeAll, expect, test } from "vitest";
import { loadConfig } from "../../src/server/config.ts";
import { collectTiktok } from "../../src/server/services/connections/index.ts";
import { CHANNEL_ID } from "../../src/shared/channels.ts";
import { MENTION_TYPE } from "../../src/shared/mention.ts";
import { createTenant, SITE_URL, type Tenant } from "../factories/meta-connection.ts";
import { connectionListing, listedMentions } from "../factories/connection-listing.ts";
import { createTestContext, type TestContext } from "../factories/test-app.ts";
import { startTiktokServer, TIKTOK, TIKTOK_SECRET } from "../factories/tiktok-server.ts";

// Issue 36, TikTok: connect a business account, backfill its videos with their comments and replies, read new ones,
// refresh the day-long token, pause on TikTok's rate limit, fail on a revoked token; all of it the connecting account's.
let ctx: TestContext;
let tiktok: Awaited<ReturnType<typeof startTiktokServer>>;
/** a connects its TikTok account; b's keyword "Thủ Đức" is in one of a's captions, but the video is a's own. */
let a: Tenant;
let b: Tenant;

const START = new Date("2026-11-21T03:00:00Z");
const PERIOD = { type_time: "custom", start_date: "2026-11-01", end_date: "2026-11-21" };
const [LAUNCH, , REOPENED] = TIKTOK.videos;
const [PRAISE, QUESTION] = TIKTOK.comments;
const [THANKS] = TIKTOK.replies[PRAISE.comment_id];

const tiktokConfig = (apiUrl: string) =>
  loadConfig({
    NODE_ENV: "test",
    TRUST_PROXY: "1",
    SITE_URL,
    TIKTOK_APP_ID: "7441000000000000000",
    TIKTOK_APP_SECRET: TIKTOK_SECRET,
    TIKTOK_API_URL: apiUrl,
    CONNECTIONS_KEY: Buffer.alloc(32, 11).toString("base64"),
  });

type Listed = { id: number; channel_id: number; mention_type: number; content: string };
const mentions = (tenant: Tenant) => listedMentions<Listed>(ctx, tenant, PERIOD);
const connections = (tenant: Tenant) => connectionListing(ctx, tenant);
const tiktokConnection = async (tenant: Tenant) => (await connections(tenant)).connections.find((c) => c.provider === "tiktok");

async function startState(tenant: Tenant): Promise<URL> {
  const res = await ctx.request(`/api/connections/tiktok/start?project_id=${tenant.projectId}`, { token: tenant.token });
  expect(res.status).toBe(302);
  return new URL(res.headers.get("location")!);
}
const callback = (query: Record<string, string>) => ctx.request(`/api/connections/tiktok/callback?${new URLSearchParams(query)}`);
const requestsTo = (path: string) => tiktok.requests.filter((r) => new URL(r.url, "http://x").pathname === path);
const documents = () =>
  ctx.handle.db
    .selectFrom("documents")
    .select(["external_id", "account_id", "mention_type", "parent_external_id", "author_name", "author_url", "likes"])
    .where("channel", "=", CHANNEL_ID.tiktok)
    .execute();

beforeAll(async () => {
  tiktok = await startTiktokServer();
  ctx = await createTestContext({ config: tiktokConfig(tiktok.url) });
  a = await createTenant(ctx, "Trà Sữa Mây", ["Trà Sữa Mây"]);
  b = await createTenant(ctx, "Quán quận Thủ Đức", ["Thủ Đức"]);
});
afterAll(async () => {
  await ctx?.close();
  await tiktok?.close();
});

test("connect: TikTok's authorization page with the three scopes, the code for both tokens, stored encrypted", async () => {
  expect((await connections(a)).providers).toContainEqual({ provider: "tiktok", configured: true });
  const page = await startState(a);
  expect(page.origin + page.pathname).toBe("https://www.tiktok.com/v2/auth/authorize/");
  expect(Object.fromEntries(page.searchParams)).toMatchObject({
    client_key: "7441000000000000000",
    redirect_uri: `${SITE_URL}/api/connections/tiktok/callback`,
    scope: "user.info.basic,video.list,comment.list",
    response_type: "code",
  });
  const state = page.searchParams.get("state")!;

  const done = await callback({ code: TIKTOK.code, state });
  expect(done.headers.get("location")).toBe(`/project-setting/connections?project_id=${a.projectId}&connection=connected`);
  const [exchange] = requestsTo("/tt_user/oauth2/token/");
  expect(JSON.parse(exchange.body)).toMatchObject({
    client_id: "7441000000000000000",
    grant_type: "authorization_code",
    auth_code: TIKTOK.code,
    redirect_uri: `${SITE_URL}/api/connections/tiktok/callback`,
  });
  expect(requestsTo("/business/get/")[0].headers["access-token"]).toBe(TIKTOK.accessToken);

  const connection = await tiktokConnection(a);
  expect(connection).toMatchObject({ external_user_name: TIKTOK.profile.display_name, state: "connected" });
  // The day-long access token is renewed by the refresh token: the connection lasts as long as the latter, a year.
  expect(connection?.expires_at).toBe(new Date(START.getTime() + TIKTOK.refreshExpiresIn * 1000).toISOString());
  expect(connection?.sources).toMatchObject([{ kind: "tiktok_account", name: "Trà Sữa Mây", followed: true, backfill_done: false }]);
  const stored = await ctx.handle.db.selectFrom("connections").select(["access_token", "refresh_token"]).executeTakeFirstOrThrow();
  expect(stored.access_token).not.toContain(TIKTOK.accessToken);
  expect(stored.refresh_token).not.toContain(TIKTOK.refreshToken);
  expect((await callback({ code: TIKTOK.code, state })).status).toBe(403);
});

test("backfill: every page of videos, comments and replies are the project's mentions on TikTok, keyword or not", async () => {
  expect(await collectTiktok(ctx.deps)).toMatchObject({ connections: 1 });
  // Both pages of videos and of the launch video's comments, followed by their cursors.
  expect(requestsTo("/business/video/list/").map((r) => new URL(r.url, "http://x").searchParams.get("cursor"))).toEqual([null, "2"]);
  expect(requestsTo("/business/comment/list/").filter((r) => r.url.includes(LAUNCH.item_id))).toHaveLength(2);

  const listed = await mentions(a);
  const byContent = (text: string) => listed.find((m) => m.content === text);
  expect(byContent(LAUNCH.caption)).toMatchObject({ channel_id: CHANNEL_ID.tiktok, mention_type: MENTION_TYPE.post });
  expect(byContent(REOPENED.caption)).toMatchObject({ channel_id: CHANNEL_ID.tiktok, mention_type: MENTION_TYPE.post });
  expect(byContent(QUESTION.text)).toMatchObject({ channel_id: CHANNEL_ID.tiktok, mention_type: MENTION_TYPE.comment });
  expect(byContent(THANKS.text)).toMatchObject({ channel_id: CHANNEL_ID.tiktok, mention_type: MENTION_TYPE.reply });

  const stored = await documents();
  expect(stored.every((d) => d.account_id === a.userId)).toBe(true);
  expect(stored.find((d) => d.external_id === PRAISE.comment_id)).toMatchObject({
    author_name: "Lan Nguyễn",
    author_url: "https://www.tiktok.com/@lan.nguyen",
    likes: PRAISE.likes,
    parent_external_id: LAUNCH.item_id,
  });
  expect(stored.find((d) => d.external_id === THANKS.comment_id)?.parent_external_id).toBe(PRAISE.comment_id);
  expect(stored.find((d) => d.external_id === LAUNCH.item_id)?.likes).toBe(LAUNCH.likes);
  expect((await tiktokConnection(a))?.sources[0]).toMatchObject({ backfill_done: true, backfill_collected: stored.length });
});

test("a later round reads the newest videos only and adds a new comment as a mention", async () => {
  const pagesBefore = requestsTo("/business/video/list/").length;
  const fresh = {
    ...QUESTION,
    comment_id: "7441300000000000009",
    text: "Cho mình hỏi size lớn giá bao nhiêu vậy quán?",
    username: "bao.tran",
    display_name: "Bảo Trần",
  };
  TIKTOK.comments.push(fresh);
  expect(await collectTiktok(ctx.deps)).toEqual({ connections: 1, documents: 1 });
  expect(requestsTo("/business/video/list/")).toHaveLength(pagesBefore + 1);
  expect((await mentions(a)).find((m) => m.content === fresh.text)).toMatchObject({ mention_type: MENTION_TYPE.comment });
});

test("another account sees none of it, and cannot list or start the connection", async () => {
  const contents = (await mentions(b)).map((m) => m.content);
  expect(contents).not.toContain(REOPENED.caption);
  expect(contents).not.toContain(PRAISE.text);
  expect((await ctx.request(`/api/connections?project_id=${a.projectId}`, { token: b.token })).status).toBe(404);
  expect((await ctx.request(`/api/connections/tiktok/start?project_id=${a.projectId}`, { token: b.token })).status).toBe(404);
});

test("the day-long token is refreshed before it runs out, and the refreshed one reads", async () => {
  ctx.setNow(new Date(START.getTime() + 23 * 3600_000));
  await collectTiktok(ctx.deps);
  const [refresh] = requestsTo("/tt_user/oauth2/refresh_token/");
  expect(JSON.parse(refresh.body)).toMatchObject({ grant_type: "refresh_token", refresh_token: TIKTOK.refreshToken });
  expect(requestsTo("/business/video/list/").at(-1)?.headers["access-token"]).toBe(TIKTOK.refreshedToken);
  const renewed = await ctx.handle.db.selectFrom("connections").select("expires_at").executeTakeFirstOrThrow();
  expect(renewed.expires_at).toEqual(new Date(ctx.deps.now().getTime() + TIKTOK.expiresIn * 1000));
});

test("TikTok's rate limit pauses the connection until the wait is over", async () => {
  tiktok.flags.throttled = true;
  await collectTiktok(ctx.deps);
  const paused = await tiktokConnection(a);
  expect(paused?.state).toBe("paused");
  expect(paused?.reason).toContain("40100");
  const calls = tiktok.requests.length;
  expect((await collectTiktok(ctx.deps)).connections).toBe(0);
  expect(tiktok.requests.length).toBe(calls);

  tiktok.flags.throttled = false;
  ctx.setNow(new Date(ctx.deps.now().getTime() + 16 * 60_000));
  expect((await collectTiktok(ctx.deps)).connections).toBe(1);
  expect((await tiktokConnection(a))?.state).toBe("connected");
});

test("a revoked token marks the connection failing with TikTok's message; reconnecting recovers it", async () => {
  tiktok.flags.revoked = true;
  await collectTiktok(ctx.deps);
  const failing = await tiktokConnection(a);
  expect(failing).toMatchObject({ state: "failing", failing_since: ctx.deps.now().toISOString() });
  expect(failing?.reason).toBe("TikTok 40105: Access token is invalid or has been revoked by the user.");
  expect((await collectTiktok(ctx.deps)).connections).toBe(0);

  tiktok.flags.revoked = false;
  const state = (await startState(a)).searchParams.get("state")!;
  expect((await callback({ code: TIKTOK.code, state })).headers.get("location")).toContain("connection=connected");
  expect(await tiktokConnection(a)).toMatchObject({ id: failing?.id, state: "connected", failing_since: null, reason: null });
});
