import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { seedDemo } from "../../src/server/services/demo/seed-demo.ts";
import { ingestDocuments } from "../../src/server/services/ingest/ingest-documents.ts";
import { createTestContext, type TestContext } from "../factories/test-app.ts";
import { createVerifiedUser } from "../factories/users.ts";

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext();
  ({ token } = await createVerifiedUser(ctx));
  const project = {
    brand_id: 0,
    name: "Nước mắm Phan Thiết",
    keywords: ["nước mắm Phan Thiết"],
    competitors: [{ name: "Nam Ngư", keywords: ["Nam Ngư"] }],
  };
  expect((await ctx.request("/api/project", { method: "POST", token, json: project })).status).toBe(200);
  await ctx.request("/api/scan-data", { method: "POST", token, json: {} });
});
afterAll(() => ctx.close());

const status = async () => {
  const res = await ctx.request("/api/project/data-status", { token });
  expect(res.status).toBe(200);
  return (await res.json()).data;
};

describe("a new project's data status", () => {
  test("with collection off and nothing found by the scan, it says so project by project", async () => {
    expect(await status()).toEqual({
      collecting: false,
      last_collected_at: null,
      projects: [
        { id: expect.any(Number), name: "Nước mắm Phan Thiết", mentions: 0, latest_at: null },
        { id: expect.any(Number), name: "Nam Ngư", mentions: 0, latest_at: null },
      ],
      keywords_set_at: "2026-11-21T03:00:00.000Z",
      looked_back_at: null,
      api_keys: 0,
      demo_available: false,
    });
  });

  test("with collection off the scan names every project, and the status says collection is off and whether a demo can be shown", async () => {
    const scanned = await ctx.request("/api/scan-data", { method: "POST", token, json: {} });
    expect((await scanned.json()).data).toEqual(["Nước mắm Phan Thiết", "Nam Ngư"]);
    expect(await status()).toMatchObject({ collecting: false, demo_available: false });
    await seedDemo(ctx.deps, { count: 20 });
    expect(await status()).toMatchObject({ collecting: false, demo_available: true });
    // The seed sends its documents through the whole pipeline (models loaded on first use).
  }, 180_000);

  test("the first mention shows in the status, so the dashboard can leave its empty state", async () => {
    await ingestDocuments(ctx.deps, [
      {
        channel: 2,
        platform: "vnexpress.net",
        externalId: null,
        url: "https://vnexpress.net/nuoc-mam-phan-thiet-1.html",
        mentionType: 0,
        parentExternalId: null,
        title: "Nước mắm Phan Thiết vào mùa cá cơm",
        content: "Các nhà thùng nước mắm Phan Thiết tất bật vào mùa cá cơm.",
        publishedAt: new Date("2026-11-21T01:00:00Z"),
        source: { id: null, name: "VnExpress", url: null },
        author: null,
        metrics: { likes: 0, shares: 0, comments: 0, views: 0 },
        rating: null,
        ecommerceSource: null,
        hashtags: [],
      },
    ]);
    const [brand, competitor] = (await status()).projects;
    expect(brand).toMatchObject({ mentions: 1, latest_at: "2026-11-21T01:00:00.000Z" });
    expect(competitor).toMatchObject({ mentions: 0 });
  });

  test("another account, or no project yet, sees nothing of it", async () => {
    const other = await createVerifiedUser(ctx);
    expect((await ctx.request("/api/project/data-status", { token: other.token })).status).toBe(404);
    expect((await ctx.request("/api/project/data-status")).status).toBe(401);
  });
});
