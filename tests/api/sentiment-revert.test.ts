import { afterAll, beforeAll, expect, test } from "vitest";
import { ingestDocuments } from "../../src/server/services/ingest/ingest-documents.ts";
import { MENTION_STATUS } from "../../src/shared/mention.ts";
import { rollupsAndTruth } from "../factories/rollup-check.ts";
import { createTestContext, type TestContext } from "../factories/test-app.ts";
import { createVerifiedUser } from "../factories/users.ts";

let ctx: TestContext;
let token: string;
let projectId: number;
let ids: number[];

beforeAll(async () => {
  ctx = await createTestContext();
  ({ token } = await createVerifiedUser(ctx));
  const created = await ctx.request("/api/project", {
    method: "POST",
    token,
    json: { brand_id: 0, name: "Phở Thìn", keywords: ["Phở Thìn"], competitors: [] },
  });
  projectId = (await created.json()).data.id;
  await ingestDocuments(
    ctx.deps,
    ["Phở Thìn nước dùng đậm đà, rất ngon", "Phở Thìn hôm nay đông khách", "Phở Thìn phục vụ chậm quá"].map((content, i) => ({
      channel: 1,
      platform: "facebook",
      externalId: `revert-${i}`,
      url: `https://facebook.com/posts/revert-${i}`,
      mentionType: 0 as const,
      parentExternalId: null,
      title: null,
      content,
      publishedAt: new Date(ctx.deps.now().getTime() - (i + 1) * 3_600_000),
      source: { id: null, name: "Hội ăn phở", url: null },
      author: null,
      metrics: { likes: 0, shares: 0, comments: 0, views: 0 },
      rating: null,
      ecommerceSource: null,
      hashtags: [],
    })),
  );
  ids = (
    await ctx.handle.db.selectFrom("mentions").select("document_id").where("project_id", "=", projectId).orderBy("document_id").execute()
  ).map((r) => r.document_id);
});
afterAll(() => ctx.close());

const state = (id: number) =>
  ctx.handle.db
    .selectFrom("mentions")
    .select(["sentiment", "sentiment_source", "status"])
    .where("project_id", "=", projectId)
    .where("document_id", "=", id)
    .executeTakeFirstOrThrow();
const update = async (json: Record<string, unknown>) => {
  const res = await ctx.request("/api/mention/update", { method: "POST", token, json: { project_id: projectId, ...json } });
  expect(res.status).toBe(200);
  return (await res.json()).data;
};
const other = (sentiment: number) => (sentiment + 1) % 3;

test("setting the sentiment back to the system's reading takes the edit back: the system's again, and its earlier status", async () => {
  const original = await state(ids[0]);
  expect(original).toMatchObject({ sentiment_source: "model", status: MENTION_STATUS.pending });
  await update({ ids: [ids[0]], sentiment: other(original.sentiment) });
  expect(await state(ids[0])).toMatchObject({ sentiment_source: "manual", status: MENTION_STATUS.updated });

  const answer = await update({ ids: [ids[0]], sentiment: original.sentiment });
  expect(await state(ids[0])).toEqual(original);
  // The list shows the server's word, so the screen says "Chờ xử lý" again without a reload.
  expect(answer.mentions).toEqual([{ id: ids[0], ...original }]);
  const history = await ctx.handle.db
    .selectFrom("mention_audit")
    .select(["field", "old_value", "new_value"])
    .where("document_id", "=", ids[0])
    .orderBy("id")
    .execute();
  expect(history.filter((h) => h.field === "status").map((h) => [h.old_value, h.new_value])).toEqual([
    ["0", "3"],
    ["3", "0"],
  ]);
  const { rollups, truth } = await rollupsAndTruth(ctx.handle.db, projectId);
  expect(rollups).toEqual(truth);
});

test("a status someone set after the sentiment edit stays when the sentiment goes back", async () => {
  const original = await state(ids[1]);
  await update({ ids: [ids[1]], sentiment: other(original.sentiment) });
  await update({ ids: [ids[1]], status: MENTION_STATUS.done });
  await update({ ids: [ids[1]], sentiment: original.sentiment });
  expect(await state(ids[1])).toEqual({ ...original, status: MENTION_STATUS.done });
});

test("choosing the system's reading for an untouched mention still confirms it by hand", async () => {
  const original = await state(ids[2]);
  await update({ ids: [ids[2]], sentiment: original.sentiment });
  expect(await state(ids[2])).toEqual({ sentiment: original.sentiment, sentiment_source: "manual", status: MENTION_STATUS.updated });
});
