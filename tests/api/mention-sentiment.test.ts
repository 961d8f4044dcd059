import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { findDbCommand } from "../../src/server/cli/db-commands.ts";
import type { ClassifySentiment } from "../../src/server/nlp/sentiment/reader.ts";
import { rollupsAndTruth } from "../factories/rollup-check.ts";
import { documentContext } from "../../src/server/nlp/sentiment/reading-context.ts";
import { RECALL_ARTICLE as RECALL } from "../factories/recall-article.ts";
import { createTestContext, type TestContext } from "../factories/test-app.ts";
import { createVerifiedUser } from "../factories/users.ts";

// The same news told in one sentence of a parents' group.
const SWITCH = {
  channel: 1,
  external_id: "fb-chuyen-sua",
  url: "https://www.facebook.com/groups/mebim/posts/chuyen-sua",
  content: "Sữa Mộc Lan bị thu hồi vì nhiễm khuẩn, nhiều phụ huynh chuyển sang dùng sữa NutriViệt và rất hài lòng",
  published_at: "2026-11-20T09:30:00+07:00",
  source: { name: "Hội Mẹ Bỉm Sữa" },
  metrics: { likes: 8, shares: 0, comments: 5 },
};

const keyOf = async (ctx: TestContext, ...args: string[]) =>
  JSON.parse((await findDbCommand("apikey")!.run(ctx.deps, ["create", ...args], "")).stdout.split("\n")[0]).key as string;

async function createProjects(ctx: TestContext, brand: { name: string; keywords: string[] }, competitors: (typeof brand)[] = []) {
  const { token } = await createVerifiedUser(ctx);
  const created = await ctx.request("/api/project", { method: "POST", token, json: { brand_id: 0, ...brand, competitors } });
  expect(created.status).toBe(200);
  const projects = await ctx.handle.db.selectFrom("projects").select(["id", "name"]).execute();
  const idOf = (name: string) => projects.find((p) => p.name === name)!.id;
  return { token, idOf };
}

const ingest = async (ctx: TestContext, key: string, documents: unknown[]) => {
  const res = await ctx.request("/api/ingest", { method: "POST", json: { documents }, headers: { "x-api-key": key } });
  expect(res.status).toBe(200);
  return (await res.json()).data;
};

const mentionOf = (ctx: TestContext, projectId: number, externalId: string) =>
  ctx.handle.db
    .selectFrom("mentions as m")
    .innerJoin("documents as d", "d.id", "m.document_id")
    .select([
      "m.document_id",
      "m.sentiment",
      "m.model_sentiment",
      "d.sentiment as document_sentiment",
      "d.title",
      "d.content",
      "d.channel",
      "d.mention_type",
      "d.rating",
    ])
    .where("m.project_id", "=", projectId)
    .where("d.external_id", "=", externalId)
    .executeTakeFirstOrThrow();

describe("each mention's sentiment is read toward its own project", () => {
  let ctx: TestContext;
  let brand: number;
  let competitor: number;

  beforeAll(async () => {
    ctx = await createTestContext();
    const { idOf } = await createProjects(ctx, { name: "Sữa Mộc Lan", keywords: ["Mộc Lan"] }, [
      { name: "NutriViệt", keywords: ["NutriViệt"] },
    ]);
    [brand, competitor] = [idOf("Sữa Mộc Lan"), idOf("NutriViệt")];
    expect(await ingest(ctx, await keyOf(ctx, "--pool", "báo chí"), [RECALL, SWITCH])).toMatchObject({ inserted: 2, mentions: 4 });
  });
  afterAll(() => ctx.close());

  test("a recall is negative for the recalled brand and not for the competitor parents switch to, in an article and in one sentence", async () => {
    for (const { external_id } of [RECALL, SWITCH]) {
      const [troubled, benefiting] = [await mentionOf(ctx, brand, external_id), await mentionOf(ctx, competitor, external_id)];
      expect(troubled).toMatchObject({ sentiment: 2, model_sentiment: 2 });
      expect(benefiting.sentiment).not.toBe(2);
      expect(benefiting.model_sentiment).toBe(benefiting.sentiment);
      // The document keeps the reading of its whole text with its channel and kind, as the classify command gives it.
      const whole = troubled.title ? `${troubled.title}\n${troubled.content}` : troubled.content;
      expect(troubled.document_sentiment).toBe(ctx.deps.classify(whole, documentContext(troubled)).label);
    }
  });

  test("the sentiment counters of both projects equal their mentions' sentiments", async () => {
    for (const projectId of [brand, competitor]) {
      const { rollups, truth } = await rollupsAndTruth(ctx.handle.db, projectId);
      expect(rollups).toEqual(truth);
    }
    const negatives = await ctx.handle.db
      .selectFrom("mention_rollups_hourly")
      .select(["project_id", (eb) => eb.fn.sum<number>("mentions").as("mentions")])
      .where("sentiment", "=", 2)
      .groupBy("project_id")
      .execute();
    expect(Object.fromEntries(negatives.map((r) => [r.project_id, Number(r.mentions)]))).toEqual({ [brand]: 2 });
  });

  test("a project that scans the pool later reads the same document the same way", async () => {
    const { token, idOf } = await createProjects(ctx, { name: "NutriViệt của tôi", keywords: ["NutriViệt"] });
    expect((await ctx.request("/api/scan-data", { method: "POST", token, json: {} })).status).toBe(200);
    const late = idOf("NutriViệt của tôi");
    for (const { external_id } of [RECALL, SWITCH]) {
      expect((await mentionOf(ctx, late, external_id)).sentiment).toBe((await mentionOf(ctx, competitor, external_id)).sentiment);
    }
    const { rollups, truth } = await rollupsAndTruth(ctx.handle.db, late);
    expect(rollups).toEqual(truth);
  });
});

describe("a person's edit of a mention read apart from its document", () => {
  // A classifier by rule, so the mention's reading (positive) surely differs from its document's (negative).
  const classify: ClassifySentiment = (text) => ({
    label: text.includes("thu hồi") ? 2 : text.includes("hài lòng") ? 1 : 0,
    scores: [0, 0, 0],
  });
  let ctx: TestContext;
  let token: string;
  let competitor: number;

  beforeAll(async () => {
    ctx = await createTestContext({ classify });
    const created = await createProjects(ctx, { name: "Sữa Mộc Lan", keywords: ["Mộc Lan"] }, [
      { name: "NutriViệt", keywords: ["NutriViệt"] },
    ]);
    token = created.token;
    competitor = created.idOf("NutriViệt");
    await ingest(ctx, await keyOf(ctx, "--pool", "báo chí"), [SWITCH]);
  });
  afterAll(() => ctx.close());

  test("choosing the mention's own reading again takes the edit back, and a correction records that reading", async () => {
    const mention = await mentionOf(ctx, competitor, SWITCH.external_id);
    expect(mention).toMatchObject({ sentiment: 1, model_sentiment: 1, document_sentiment: 2 });
    const update = (sentiment: number) =>
      ctx.request("/api/mention/update", {
        method: "POST",
        token,
        json: { project_id: competitor, ids: [mention.document_id], sentiment },
      });
    expect((await update(0)).status).toBe(200);
    const correction = await ctx.handle.db
      .selectFrom("sentiment_corrections")
      .select(["label", "model_label"])
      .where("document_id", "=", mention.document_id)
      .executeTakeFirstOrThrow();
    expect(correction).toEqual({ label: 0, model_label: 1 });
    expect((await update(1)).status).toBe(200);
    const after = await ctx.handle.db
      .selectFrom("mentions")
      .select(["sentiment", "sentiment_source"])
      .where("project_id", "=", competitor)
      .where("document_id", "=", mention.document_id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ sentiment: 1, sentiment_source: "model" });
    const { rollups, truth } = await rollupsAndTruth(ctx.handle.db, competitor);
    expect(rollups).toEqual(truth);
  });
});
