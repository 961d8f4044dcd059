import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { loadConfig } from "../../src/server/config.ts";
import { pruneProjectChanges } from "../../src/server/services/figure-cache/prune-project-changes.ts";
import { ingestDocuments } from "../../src/server/services/ingest/ingest-documents.ts";
import { createTestContext, type TestContext } from "../factories/test-app.ts";
import { createVerifiedUser } from "../factories/users.ts";

const HOUR = 3_600_000;

const SAYINGS = [
  "Bia Sài Gòn ướp lạnh uống cùng bạn bè tối thứ bảy, vui hết cỡ",
  "Quán nhậu đầu hẻm nhà mình chỉ bán Bia Sài Gòn, giá mềm mà dễ uống",
  "Tết này nhà ngoại đặt năm thùng Bia Sài Gòn, chưa tới mùng ba đã hết sạch",
  "Có ai thấy Bia Sài Gòn đổi vỏ lon mới không, nhìn sang hơn hẳn",
  "Đi Đà Lạt lạnh run mà tối nào cũng phải làm vài chai Bia Sài Gòn",
  "Xem bóng đá ở quán cóc, Bia Sài Gòn giảm giá hai mươi phần trăm",
  "Hôm qua mua lốc Bia Sài Gòn ở siêu thị bị móp một lon, hơi bực",
  "Bia Sài Gòn tài trợ lễ hội ẩm thực ở Cần Thơ, đông vui lắm mọi người ơi",
  "Nhậu với đồng nghiệp mừng dự án xong, gọi Bia Sài Gòn cho chắc ăn",
  "Chai Bia Sài Gòn xanh vẫn là hương vị tuổi trẻ của bố mình",
  "Giao hàng Bia Sài Gòn qua ứng dụng chậm gần một tiếng, đá tan hết",
  "Đám cưới em họ ở Long An toàn Bia Sài Gòn, khách khen nức nở",
  "Thử Bia Sài Gòn bản ít cồn, uống nhẹ mà vẫn thơm mùi lúa mạch",
  "Cửa hàng tạp hóa gần trường hết Bia Sài Gòn từ chiều thứ sáu",
  "Khuyến mãi bật nắp trúng thưởng của Bia Sài Gòn năm nay trúng nhiều ghê",
];

/** Posts of a Vietnamese beer brand, each its own text, published over the last hours of the test clock. */
const posts = (ctx: TestContext, from: number, count: number) =>
  Array.from({ length: count }, (_, i) => ({
    channel: 1,
    platform: "test",
    externalId: `cache-${from + i}`,
    url: `https://example.vn/bia-sai-gon/${from + i}`,
    mentionType: 0 as const,
    parentExternalId: null,
    title: null,
    content: SAYINGS[from + i],
    publishedAt: new Date(ctx.deps.now().getTime() - (from + i + 1) * HOUR),
    source: { id: null, name: "Hội Yêu Bia", url: null },
    author: { id: null, name: `Lê Minh Hoà ${from + i}`, url: null, followers: null, location: null },
    metrics: { likes: 3, shares: 1, comments: 2, views: 50 },
    rating: null,
    ecommerceSource: null,
    hashtags: [],
  }));

async function createBrand(ctx: TestContext, name: string) {
  const { token } = await createVerifiedUser(ctx);
  const res = await ctx.request("/api/project", { method: "POST", token, json: { brand_id: 0, name, keywords: [name], competitors: [] } });
  expect(res.status).toBe(200);
  return { token, projectId: (await res.json()).data.id as number };
}

describe("dashboard and mention-list answers are reused until their project changes", () => {
  let ctx: TestContext;
  let token: string;
  let projectId: number;
  const read = async (path: string, as = token) => {
    const res = await ctx.request(path, { token: as });
    expect(res.status).toBe(200);
    return (await res.json()).data;
  };
  const total = async () => (await read("/api/dashboard/stats?type_time=month")).total_mention as number;

  beforeAll(async () => {
    ctx = await createTestContext();
    ({ token, projectId } = await createBrand(ctx, "Bia Sài Gòn"));
    await ingestDocuments(ctx.deps, posts(ctx, 0, 10));
  });
  afterAll(() => ctx.close());

  test("the same view asked again is answered from the cache, equal to what was computed", async () => {
    const first = await read("/api/dashboard/stats?type_time=month");
    const before = ctx.deps.figureCache.stats();
    expect(await read("/api/dashboard/stats?type_time=month")).toEqual(first);
    expect(ctx.deps.figureCache.stats()).toMatchObject({ hits: before.hits + 1, misses: before.misses });
    expect(first.total_mention).toBe(10);
  });

  test("another filter is another answer", async () => {
    const before = ctx.deps.figureCache.stats();
    expect((await read("/api/dashboard/stats?type_time=hour")).total_mention).toBeLessThan(10);
    expect(ctx.deps.figureCache.stats().misses).toBe(before.misses + 1);
  });

  test("new mentions show at once, in the counters and in the list", async () => {
    await read("/api/mention/index?type_time=month");
    await ingestDocuments(ctx.deps, posts(ctx, 10, 3));
    expect(await total()).toBe(13);
    expect((await read("/api/mention/index?type_time=month")).total).toBe(13);
  });

  test("a sentiment and a status edit show at once", async () => {
    const counts = async () => (await read("/api/dashboard/sentiment-by-projects?type_time=month"))[0];
    const [mention] = (await read("/api/mention/index?type_time=month")).data as { id: number; sentiment: number }[];
    const before = await counts();
    const to = mention.sentiment === 2 ? 1 : 2;
    const names = ["neutral", "positive", "negative"] as const;
    const processed = async () => (await read("/api/mention/stats?type_time=month&mention_status=2")).total_mention as number;
    expect(await processed()).toBe(0);

    const res = await ctx.request("/api/mention/update", {
      method: "POST",
      token,
      json: { project_id: projectId, ids: [mention.id], sentiment: to, status: 2 },
    });
    expect(res.status).toBe(200);
    const after = await counts();
    expect(after[names[to]]).toBe(before[names[to]] + 1);
    expect(after[names[mention.sentiment]]).toBe(before[names[mention.sentiment]] - 1);
    expect(await processed()).toBe(1);
  });

  test("after the change log is pruned to one row per project, answers stay right and changes still show", async () => {
    const cached = await total();
    expect(await pruneProjectChanges(ctx.deps)).toBeGreaterThan(0);
    const rows = await ctx.handle.db.selectFrom("project_changes").select("project_id").where("project_id", "=", projectId).execute();
    expect(rows).toHaveLength(1);
    expect(await total()).toBe(cached);
    await ingestDocuments(ctx.deps, posts(ctx, 13, 2));
    expect(await total()).toBe(cached + 2);
  });

  test("an account never receives another account's answer: its own project's figures, and not found for the other's", async () => {
    const other = await createBrand(ctx, "Bia Hà Nội");
    expect(await read("/api/dashboard/stats?type_time=month", other.token)).toMatchObject({ total_mention: 0 });
    const foreign = await ctx.request(`/api/dashboard/stats?type_time=month&project_id=${projectId}`, { token: other.token });
    expect(foreign.status).toBe(404);
  });
});

describe("FIGURE_CACHE_SECONDS=0", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ config: loadConfig({ NODE_ENV: "test", FIGURE_CACHE_SECONDS: "0" }) });
  });
  afterAll(() => ctx.close());

  test("computes every answer", async () => {
    const { token } = await createBrand(ctx, "Bia Sài Gòn");
    for (let i = 0; i < 2; i += 1) expect((await ctx.request("/api/dashboard/stats?type_time=month", { token })).status).toBe(200);
    expect(ctx.deps.figureCache.stats()).toEqual({ hits: 0, misses: 0, entries: 0 });
  });
});
