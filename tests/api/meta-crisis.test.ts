import { afterAll, beforeAll, expect, test } from "vitest";
import { detectIncidents } from "../../src/server/services/crisis/index.ts";
import { ingestDocuments } from "../../src/server/services/ingest/index.ts";
import { groupPost } from "../factories/crisis-posts.ts";
import {
  callback,
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

const HOUR = 3_600_000;
/** The hour of the wave: the comments arrive in its first forty minutes, detection runs at its fiftieth. */
const WAVE = new Date("2026-11-21T02:00:00Z").getTime();
const PAGE = META.pages[0];
const [POST] = META.feed;
const COMPLAINTS = [
  "Uống cà phê sữa đá ở quán xong bị đau bụng cả đêm, thất vọng thật sự",
  "Ly cà phê có con gián, quá tệ, nhân viên còn cãi lại khách",
  "Thất vọng, đồ uống nhạt thếch mà giá thì tăng",
  "Phục vụ quá tệ, chờ gần một tiếng vẫn chưa có nước",
  "Quán bẩn quá, bàn ghế đầy ruồi, thất vọng",
];

let ctx: TestContext;
let meta: Awaited<ReturnType<typeof startMetaServer>>;
let a: Tenant;

beforeAll(async () => {
  meta = await startMetaServer();
  ctx = await createTestContext({
    config: metaConfig(meta.url),
    classify: (text) => (/thất vọng|tệ|bẩn/i.test(text) ? { label: 2, scores: [0, 0, 1] } : { label: 0, scores: [1, 0, 0] }),
  });
  a = await createTenant(ctx, "Cà Phê Sáng", ["Cà Phê Sáng"]);
  await callback(ctx, { code: META.code, state: await startState(ctx, a) });
  await followPage(ctx, a, PAGE.id);
  // Two weeks and a day of a quiet brand before the wave: one ordinary post an hour, the detector's baseline.
  const history = Array.from({ length: 15 * 24 }, (_, h) => groupPost("Sáng nay ghé Cà Phê Sáng uống bạc xỉu", WAVE - (h + 1) * HOUR));
  await ingestDocuments(ctx.deps, history);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await meta?.close();
});

test("a wave of negative comments on a followed page within an hour opens an incident for the project", async () => {
  ctx.setNow(new Date(WAVE + 50 * 60_000));
  const comments = Array.from({ length: 30 }, (_, i) =>
    feedChange({
      item: "comment",
      verb: "add",
      post_id: POST.id,
      comment_id: `882736451928374_10938475620${String(i).padStart(5, "0")}`,
      parent_id: POST.id,
      from: { id: `61203984757${String(i).padStart(5, "0")}`, name: `Khách hàng ${i + 1}` },
      message: `${COMPLAINTS[i % COMPLAINTS.length]} (lần ${Math.floor(i / COMPLAINTS.length) + 1} ở chi nhánh ${i + 1})`,
      created_time: Math.floor((WAVE + (i + 1) * 80_000) / 1000),
    }),
  );
  for (let i = 0; i < comments.length; i += 10) {
    const res = await ctx.request("/api/webhooks/meta", signedDelivery(feedDelivery(PAGE.id, comments.slice(i, i + 10))));
    expect(await res.json()).toEqual({ code: 200, data: { documents: 10 }, errors: {} });
  }

  const [result] = await detectIncidents(ctx.deps, a.projectId);
  expect(result.opened).toHaveLength(1);
  const incident = await ctx.handle.db.selectFrom("incidents").selectAll().where("id", "=", result.opened[0]).executeTakeFirstOrThrow();
  expect(incident).toMatchObject({ project_id: a.projectId, status: 0, started_at: new Date(WAVE) });
  const attached = await ctx.handle.db
    .selectFrom("incident_mentions as im")
    .innerJoin("documents as d", "d.id", "im.document_id")
    .select(["d.channel", "d.mention_type", "d.parent_external_id"])
    .where("im.incident_id", "=", incident.id)
    .execute();
  expect(attached.length).toBeGreaterThan(0);
  expect(attached.every((d) => d.channel === 1 && d.mention_type === 1 && d.parent_external_id === POST.id)).toBe(true);
});
