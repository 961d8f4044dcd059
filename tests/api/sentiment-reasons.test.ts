import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { findDbCommand } from "../../src/server/cli/db-commands.ts";
import type { SentimentReasons } from "../../src/shared/api-types.ts";
import { RECALL_ARTICLE as RECALL } from "../factories/recall-article.ts";
import { createTestContext, type TestContext } from "../factories/test-app.ts";
import { createVerifiedUser } from "../factories/users.ts";

// A map review whose words are lukewarm and whose stars are not.
const ONE_STAR = {
  channel: 10,
  external_id: "map-moc-lan-1",
  url: "https://maps.google.com/?cid=1&review=moc-lan-1",
  content: "Sữa Mộc Lan cũng được, giá hơi cao",
  rating: 1,
  published_at: "2026-11-21T10:00:00+07:00",
  source: { name: "Google Maps" },
  metrics: { likes: 0, shares: 0, comments: 0 },
};

describe("GET /api/mention/sentiment-reasons", () => {
  let ctx: TestContext;
  let token: string;
  let brand: number;
  let competitor: number;
  let documentId: number;

  const reasons = async (projectId: number, id: number, as = token) => {
    const res = await ctx.request(`/api/mention/sentiment-reasons?project_id=${projectId}&id=${id}`, { token: as });
    return { status: res.status, body: await res.json() };
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    ({ token } = await createVerifiedUser(ctx));
    const created = await ctx.request("/api/project", {
      method: "POST",
      token,
      json: { brand_id: 0, name: "Sữa Mộc Lan", keywords: ["Mộc Lan"], competitors: [{ name: "NutriViệt", keywords: ["NutriViệt"] }] },
    });
    expect(created.status).toBe(200);
    const projects = await ctx.handle.db.selectFrom("projects").select(["id", "name"]).execute();
    [brand, competitor] = ["Sữa Mộc Lan", "NutriViệt"].map((name) => projects.find((p) => p.name === name)!.id);
    const made = await findDbCommand("apikey")!.run(ctx.deps, ["create", "--pool", "báo chí"], "");
    const key = JSON.parse(made.stdout.split("\n")[0]).key as string;
    const ingested = await ctx.request("/api/ingest", {
      method: "POST",
      json: { documents: [RECALL, ONE_STAR] },
      headers: { "x-api-key": key },
    });
    expect((await ingested.json()).data).toMatchObject({ inserted: 2, mentions: 3 });
    documentId = (
      await ctx.handle.db.selectFrom("documents").select("id").where("external_id", "=", RECALL.external_id).executeTakeFirstOrThrow()
    ).id;
  }, 60_000);
  afterAll(() => ctx?.close());

  test("a recall reads negative for the recalled brand because of the recall's words, as its mention was read", async () => {
    const { status, body } = await reasons(brand, documentId);
    expect(status).toBe(200);
    const data = body.data as SentimentReasons;
    expect(data).toMatchObject({ label: 2, source: "model" });
    expect(data.scores).toHaveLength(3);
    expect(data.scores.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 6);
    expect(data.scores[2]).toBeGreaterThan(0.5);
    expect(data.top.length).toBeGreaterThan(0);
    expect(data.top.some((word) => word.text.includes("thu hồi"))).toBe(true);
    for (const word of data.top) expect(word.text).toBe(word.text.toLowerCase());
    expect(data.top.map((word) => word.weight)).toEqual(data.top.map((word) => word.weight).sort((a, b) => b - a));
    const mention = await ctx.handle.db
      .selectFrom("mentions")
      .select("sentiment")
      .where("project_id", "=", brand)
      .where("document_id", "=", documentId)
      .executeTakeFirstOrThrow();
    expect(mention.sentiment).toBe(data.label);
  });

  test("an article is read as coverage; a review as a customer's words, its stars named beside what its words alone read", async () => {
    expect((await reasons(brand, documentId)).body.data).toMatchObject({ read_as: "news", rating: null, words_alone: null });
    const review = await ctx.handle.db
      .selectFrom("mentions as m")
      .innerJoin("documents as d", "d.id", "m.document_id")
      .select(["m.document_id", "m.sentiment"])
      .where("m.project_id", "=", brand)
      .where("d.external_id", "=", ONE_STAR.external_id)
      .executeTakeFirstOrThrow();
    const data = (await reasons(brand, review.document_id)).body.data as SentimentReasons;
    expect(data).toMatchObject({ read_as: "consumer", rating: 1, label: review.sentiment });
    // One star is evidence against the brand: the reading with it leans further negative than the words alone.
    expect(data.words_alone).not.toBeNull();
    expect(data.scores[2]).toBeGreaterThan(data.words_alone!.scores[2]);
    expect(review.sentiment).toBe(2);
  });

  test("the competitor's reasons come from its own sentences: its mention's reading, without the recall", async () => {
    const data = (await reasons(competitor, documentId)).body.data as SentimentReasons;
    const mention = await ctx.handle.db
      .selectFrom("mentions")
      .select("sentiment")
      .where("project_id", "=", competitor)
      .where("document_id", "=", documentId)
      .executeTakeFirstOrThrow();
    expect(data.label).toBe(mention.sentiment);
    expect(data.label).not.toBe(2);
    expect(data.top.some((word) => word.text.includes("thu hồi"))).toBe(false);
  });

  test("another tenant gets 404, by its own project or the owner's, as for a mention that never existed", async () => {
    const other = await createVerifiedUser(ctx);
    const created = await ctx.request("/api/project", {
      method: "POST",
      token: other.token,
      json: { brand_id: 0, name: "Cà phê Lạ", keywords: ["Cà phê Lạ"], competitors: [] },
    });
    const own = (await created.json()).data.id as number;
    const byOwner = await reasons(brand, documentId, other.token);
    expect(byOwner.status).toBe(404);
    expect(byOwner.body).toEqual((await reasons(own + 10_000, documentId, other.token)).body);
    const byOwn = await reasons(own, documentId, other.token);
    expect(byOwn.status).toBe(404);
    expect(byOwn.body).toEqual((await reasons(own, documentId + 10_000, other.token)).body);
  });

  test("ids are required and must be ids", async () => {
    for (const query of [
      "",
      `project_id=${brand}`,
      `id=${documentId}`,
      `project_id=${brand}&id=x`,
      `project_id=-${brand}&id=${documentId}`,
    ]) {
      expect((await ctx.request(`/api/mention/sentiment-reasons?${query}`, { token })).status).toBe(422);
    }
  });

  test("a mention set by hand says so, and still tells what the model read", async () => {
    const updated = await ctx.request("/api/mention/update", {
      method: "POST",
      token,
      json: { project_id: brand, ids: [documentId], sentiment: 1 },
    });
    expect(updated.status).toBe(200);
    const data = (await reasons(brand, documentId)).body.data as SentimentReasons;
    expect(data).toMatchObject({ label: 2, source: "manual" });
    expect(data.top.some((word) => word.text.includes("thu hồi"))).toBe(true);
  });
});
