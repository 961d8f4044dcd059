import { performance } from "node:perf_hooks";
import { afterAll, beforeAll, expect, test } from "vitest";
import { backfillFollowedPages } from "../../src/server/services/connections/index.ts";
import { CHANNEL_ID } from "../../src/shared/channels.ts";
import { MENTION_TYPE } from "../../src/shared/mention.ts";
import {
  callback,
  connectionsOf,
  createTenant,
  feedChange,
  feedDelivery,
  followPage,
  metaConfig,
  signedDelivery,
  startState,
  type Tenant,
} from "../factories/meta-connection.ts";
import { META, startMetaServer } from "../factories/meta-server.ts";
import { createTestContext, type TestContext } from "../factories/test-app.ts";

// Issue 35's "Done when", end to end: connect, follow, backfill, a comment by webhook on the dashboard; then disconnect.
let ctx: TestContext;
let meta: Awaited<ReturnType<typeof startMetaServer>>;
/** a connects its page; b's keyword is in every text, but the page is a's own. */
let a: Tenant;
let b: Tenant;
let connectionId: number;

const PAGE = META.pages[0];
const [POST] = META.feed;
const PERIOD = { type_time: "custom", start_date: "2026-11-01", end_date: "2026-11-21" };

const comment = (id: string, message: string, createdTime: number) =>
  feedDelivery(PAGE.id, [
    feedChange({
      item: "comment",
      verb: "add",
      post_id: POST.id,
      comment_id: `882736451928374_${id}`,
      parent_id: POST.id,
      from: { id: "6120398475610777", name: "Phạm Ngọc Anh" },
      message,
      created_time: createdTime,
    }),
  ]);
const COMMENT_TEXT = "Cà phê sữa đá giảm giá mà ly nhỏ xíu, lần sau chắc không ghé nữa.";
const COMMENT = comment("1093847561031111", COMMENT_TEXT, 1_795_140_000);
const LATER = comment("1093847561032222", "Chi nhánh Thủ Đức mấy giờ mở cửa vậy quán?", 1_795_150_000);

const post = (body: unknown, secret?: string) => ctx.request("/api/webhooks/meta", signedDelivery(body, secret));
const get = async (tenant: Tenant, path: string, query: Record<string, string | number> = {}) => {
  const params = new URLSearchParams(Object.entries({ project_id: tenant.projectId, ...PERIOD, ...query }).map(([k, v]) => [k, String(v)]));
  const res = await ctx.request(`/api/${path}?${params}`, { token: tenant.token });
  return { status: res.status, body: await res.json() };
};
type Listed = { id: number; channel_id: number; mention_type: number; parent_external_id: string | null; content: string };
const mentions = async (tenant: Tenant, query: Record<string, string | number> = {}) =>
  (await get(tenant, "mention/index", { limit: 100, ...query })).body.data as { total: number; data: Listed[] };
/** What the dashboard shows of the project: the list, the counters, the channels. */
const dashboard = async (tenant: Tenant) => ({
  listed: (await mentions(tenant)).data.map((m) => m.id).sort(),
  total: (await get(tenant, "dashboard/stats")).body.data.total_mention,
  channels: (await get(tenant, "dashboard/number-mention")).body.data,
});
const documentsOf = (tenant: Tenant) =>
  ctx.handle.db.selectFrom("documents").select(["id", "external_id"]).where("account_id", "=", tenant.userId).orderBy("id").execute();

beforeAll(async () => {
  meta = await startMetaServer();
  ctx = await createTestContext({ config: metaConfig(meta.url) });
  a = await createTenant(ctx, "Cà Phê Sáng", ["Cà Phê Sáng Quận 1"]);
  b = await createTenant(ctx, "Cà phê sữa đá", ["cà phê sữa đá", "Thủ Đức"]);
});
afterAll(async () => {
  await ctx?.close();
  await meta?.close();
});

// The posts, and the comments and replies of the one that has some.
const BACKFILLED = META.feed.length + Object.values(META.comments).flat().length;

test("connect, follow, backfill: a signed comment is on the project's dashboard, a Facebook comment under its post", async () => {
  const connected = await callback(ctx, { code: META.code, state: await startState(ctx, a) });
  expect(connected.headers.get("location")).toBe(`/project-setting/connections?project_id=${a.projectId}&connection=connected`);
  connectionId = await followPage(ctx, a, PAGE.id);
  expect(await backfillFollowedPages(ctx.deps)).toEqual({ pages: 1, documents: BACKFILLED });

  const sent = performance.now();
  expect(await (await post(COMMENT)).json()).toEqual({ code: 200, data: { documents: 1 }, errors: {} });
  let listed = await mentions(a);
  const isSent = (m: { content: string }) => m.content === COMMENT_TEXT;
  while (!listed.data.some(isSent)) listed = await mentions(a);
  const elapsed = performance.now() - sent;
  console.info(`meta webhook → mention list: ${elapsed.toFixed(1)} ms`);

  const documents = new Map((await documentsOf(a)).map((d) => [d.external_id, d.id]));
  const commented = listed.data.find(isSent)!;
  expect(commented).toMatchObject({
    mention_type: MENTION_TYPE.comment,
    id: documents.get("882736451928374_1093847561031111"),
    channel_id: CHANNEL_ID.facebook,
    parent_external_id: POST.id,
    content: COMMENT_TEXT,
  });
  // Its parent is the post the backfill collected, on the same dashboard.
  expect(listed.data.map((m) => m.id)).toContain(documents.get(POST.id));
  expect(listed.total).toBe(BACKFILLED + 1);
  expect((await mentions(a, { mention_type: MENTION_TYPE.comment })).data.map((m) => m.id)).toContain(commented.id);

  const shown = await dashboard(a);
  expect(shown.total).toBe(BACKFILLED + 1);
  expect(shown.channels).toEqual([expect.objectContaining({ channel_id: CHANNEL_ID.facebook, total_mention: BACKFILLED + 1 })]);
});

test("another account sees none of it, and gets a 404 on the connection", async () => {
  expect(await dashboard(b)).toMatchObject({ listed: [], total: 0 });
  expect((await get(b, "mention/index", { project_id: a.projectId })).status).toBe(404);
  expect((await ctx.request(`/api/connections?project_id=${a.projectId}`, { token: b.token })).status).toBe(404);
  expect((await ctx.request(`/api/connections/${connectionId}`, { method: "DELETE", token: b.token })).status).toBe(404);
  expect(await connectionsOf(ctx, a)).toHaveLength(1);
});

test("after disconnecting, the mentions stay; a later delivery, the backfill, a forgery and a replay add nothing", async () => {
  const before = { dashboard: await dashboard(a), documents: await documentsOf(a) };
  expect((await ctx.request(`/api/connections/${connectionId}`, { method: "DELETE", token: a.token })).status).toBe(200);
  expect(await connectionsOf(ctx, a)).toEqual([]);

  expect(await (await post(LATER)).json()).toEqual({ code: 200, data: { documents: 0 }, errors: {} });
  expect(await backfillFollowedPages(ctx.deps)).toEqual({ pages: 0, documents: 0 });
  expect((await post(LATER, "bi-mat-cua-ke-gia-mao")).status).toBe(401);
  expect(await (await post(COMMENT)).json()).toEqual({ code: 200, data: { documents: 0 }, errors: {} });

  expect({ dashboard: await dashboard(a), documents: await documentsOf(a) }).toEqual(before);
  expect(await dashboard(b)).toMatchObject({ listed: [], total: 0 });
});
