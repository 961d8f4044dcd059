import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { industryName } from "../../src/shared/industries.ts";
import { seedDemo } from "../../src/server/services/demo/seed-demo.ts";
import { ingestDocuments } from "../../src/server/services/ingest/index.ts";
import { seededRandom } from "../../src/shared/seeded-random.ts";
import { insertDocument, randomCollected } from "../factories/documents.ts";
import { createTestContext, type TestContext } from "../factories/test-app.ts";
import { createVerifiedUser } from "../factories/users.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const VINAMILK = 0;
const send = async (method: string, path: string, json: unknown, token: string) => {
  const res = await ctx.request(path, { method, json, token });
  return { status: res.status, body: (await res.json()) as { code: number; data: any; errors: Record<string, string[]> } };
};
const show = async (token: string) => (await send("GET", "/api/project", undefined, token)).body.data;
const form = (overrides: Record<string, unknown> = {}) => ({
  brand_id: VINAMILK,
  name: "Sữa Vinamilk",
  keywords: ["Vinamilk", "sữa tươi Vinamilk"],
  competitors: [
    { name: "TH true MILK", keywords: ["TH true MILK"] },
    { name: "Nutifood", keywords: ["Nutifood", "Nuti"] },
  ],
  unlimited: true,
  ...overrides,
});

describe("brand catalogue", () => {
  test("the demo project's brand is a milk brand of the catalogue, not 'Khác', and only the demo account sees or picks it", async () => {
    const seeded = await seedDemo(ctx.deps, { count: 20 });
    if (!seeded.created) throw new Error("the demo account existed already");
    const login = await send("POST", "/api/login", { username: seeded.username, password: seeded.password }, "");
    const demo = await show(login.body.data.access_token);
    expect(demo.brands[String(demo.project.brand_id)]).toBe("Sữa Mộc Lan");
    const brand = await ctx.handle.db
      .selectFrom("brands")
      .select("industry_id")
      .where("id", "=", demo.project.brand_id)
      .executeTakeFirstOrThrow();
    expect(industryName(brand.industry_id, "vi")).toBe("Sữa");

    const { token } = await createVerifiedUser(ctx);
    expect(Object.values((await send("GET", "/api/get-brands", undefined, token)).body.data)).not.toContain("Sữa Mộc Lan");
    const taken = await send("POST", "/api/project", form({ brand_id: demo.project.brand_id }), token);
    expect(taken.status).toBe(422);
    expect(Object.keys(taken.body.errors)).toEqual(["brand_id"]);
    // The seed sends its documents through the whole pipeline (models loaded on first use).
  }, 180_000);

  test("at least 150 real brands across the industries, with Khác as id 0", async () => {
    const { token } = await createVerifiedUser(ctx);
    const brands = (await send("GET", "/api/get-brands", undefined, token)).body.data as Record<string, string>;
    expect(Object.keys(brands).length).toBeGreaterThanOrEqual(150);
    expect(brands["0"]).toBe("Khác");
    expect(Object.values(brands)).toEqual(
      expect.arrayContaining(["Vinamilk", "Viettel", "Vietcombank", "Vietjet Air", "MoMo", "Grab", "VinFast"]),
    );
  });
});

describe("create and show", () => {
  test("before onboarding there is no project; creating one returns the spec's shape", async () => {
    const { token } = await createVerifiedUser(ctx);
    const before = await show(token);
    expect(before.project).toBeNull();
    expect(before.remaining_updates).toBe(5);
    const brandId = Number(Object.entries(before.brands as Record<string, string>).find(([, name]) => name === "Vinamilk")![0]);

    const created = await send("POST", "/api/project", form({ brand_id: brandId }), token);
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      name: "Sữa Vinamilk",
      brand_id: brandId,
      keywords: [{ name: "Vinamilk" }, { name: "sữa tươi Vinamilk" }],
      color: "#7DD3FC",
      children_competitor: [
        { name: "TH true MILK", keywords: [{ name: "TH true MILK" }] },
        { name: "Nutifood", keywords: [{ name: "Nutifood" }, { name: "Nuti" }] },
      ],
    });
    expect((await show(token)).project).toEqual(created.body.data);
    const list = (await send("GET", "/api/project/list-user-projects", undefined, token)).body.data;
    expect(list.map((p: { name: string; is_competitor: boolean }) => [p.name, p.is_competitor])).toEqual([
      ["Sữa Vinamilk", false],
      ["TH true MILK", true],
      ["Nutifood", true],
    ]);
    const again = await send("POST", "/api/project", form(), token);
    expect(again.status).toBe(409);
    expect(again.body.errors.message).toEqual(["Bạn đã có dự án. Hãy cập nhật dự án hiện tại"]);
  });

  test("duplicate keywords are merged ignoring case and tone-mark placement; different diacritics stay", async () => {
    const { token } = await createVerifiedUser(ctx);
    const res = await send(
      "POST",
      "/api/project",
      form({ keywords: ["Hoà Phát", "hòa  phát", "HOÀ PHÁT", "mắm", "mâm", " "], competitors: [] }),
      token,
    );
    expect(res.body.data.keywords).toEqual([{ name: "Hoà Phát" }, { name: "mắm" }, { name: "mâm" }]);
  });

  test("an empty, blank, null or missing competitor name names its field: '{field} là bắt buộc' (spec §5)", async () => {
    const { token } = await createVerifiedUser(ctx);
    const names = [{ name: "" }, { name: "   " }, { name: null }, {}];
    for (const name of names) {
      const competitors = [
        { name: "TH true MILK", keywords: ["TH true MILK"] },
        { ...name, keywords: ["Nutifood"] },
      ];
      const vi = await send("POST", "/api/project", form({ competitors }), token);
      expect(vi.status).toBe(422);
      expect(vi.body.errors, JSON.stringify(name)).toEqual({ "competitors.1.name": ["Tên đối thủ là bắt buộc"] });
      const en = await ctx.request("/api/project", { method: "POST", json: form({ competitors }), token, lang: "en" });
      expect((await en.json()).errors).toEqual({ "competitors.1.name": ["Competitor name is required"] });
    }
    expect((await send("POST", "/api/project", form({ name: null }), token)).body.errors).toEqual({ name: ["Tên dự án là bắt buộc"] });
  });

  test("the spec's validation messages", async () => {
    const { token } = await createVerifiedUser(ctx);
    const empty = await send("POST", "/api/project", { name: "", keywords: [], competitors: [{ name: "", keywords: [] }] }, token);
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({
      brand_id: ["Thương hiệu là bắt buộc"],
      name: ["Tên dự án là bắt buộc"],
      keywords: ["Ít nhất 1 từ khóa"],
      "competitors.0.name": ["Tên đối thủ là bắt buộc"],
      "competitors.0.keywords": ["Ít nhất 1 từ khóa"],
    });
    const format = await send("POST", "/api/project", form({ name: "Vinamilk!!" }), token);
    expect(format.body.errors).toEqual({ name: ["Sai định dạng"] });
    const long = await send("POST", "/api/project", form({ name: "Công ty cổ phần sữa Việt Nam Vinamilk" }), token);
    expect(long.body.errors).toEqual({ name: ["Sai định dạng"] });
    const eleven = await send("POST", "/api/project", form({ keywords: Array.from({ length: 11 }, (_, i) => `từ khóa ${i}`) }), token);
    expect(eleven.body.errors).toEqual({ keywords: ["Tối đa 10 từ khóa"] });
    const three = await send(
      "POST",
      "/api/project",
      form({ competitors: [1, 2, 3].map((i) => ({ name: `Đối thủ ${i}`, keywords: [`dt${i}`] })) }),
      token,
    );
    expect(three.body.errors).toEqual({ competitors: ["Tối đa 2 đối thủ"] });
    const unknownBrand = await send("POST", "/api/project", form({ brand_id: 999_999 }), token);
    expect(unknownBrand.body.errors).toEqual({ brand_id: ["Thương hiệu không có trong danh mục"] });
    expect((await show(token)).project).toBeNull();
  });
});

describe("update", () => {
  test("keyword changes use the monthly allowance; other edits do not", async () => {
    const { token } = await createVerifiedUser(ctx);
    const { id } = (await send("POST", "/api/project", form(), token)).body.data;
    const rename = await send("PUT", `/api/project/${id}`, form({ name: "Vinamilk chính hãng" }), token);
    expect(rename.status).toBe(200);
    expect((await show(token)).remaining_updates).toBe(5);
    for (let i = 1; i <= 5; i += 1) {
      expect((await send("PUT", `/api/project/${id}`, form({ keywords: ["Vinamilk", `khuyến mãi ${i}`] }), token)).status).toBe(200);
      expect((await show(token)).remaining_updates).toBe(5 - i);
    }
    const refused = await send("PUT", `/api/project/${id}`, form({ keywords: ["Vinamilk", "khuyến mãi 9"] }), token);
    expect(refused.status).toBe(422);
    expect(refused.body.errors.keywords[0]).toContain("hết lượt thay đổi từ khóa");
    const sameKeywordsOtherCase = await send("PUT", `/api/project/${id}`, form({ keywords: ["VINAMILK", "Khuyến Mãi 5"] }), token);
    expect(sameKeywordsOtherCase.status).toBe(200);
  });

  test("contracted accounts are unlimited", async () => {
    const { token, account } = await createVerifiedUser(ctx);
    await ctx.handle.db.updateTable("users").set({ account_type: 1 }).where("username", "=", account.username).execute();
    const { id } = (await send("POST", "/api/project", form(), token)).body.data;
    expect((await show(token)).remaining_updates).toBeNull();
    for (let i = 0; i < 7; i += 1)
      expect((await send("PUT", `/api/project/${id}`, form({ keywords: [`kw ${i}`] }), token)).status).toBe(200);
  });

  test("competitors can be removed and added", async () => {
    const { token } = await createVerifiedUser(ctx);
    const { id } = (await send("POST", "/api/project", form(), token)).body.data;
    const one = await send("PUT", `/api/project/${id}`, form({ competitors: [{ name: "Mộc Châu", keywords: ["Mộc Châu Milk"] }] }), token);
    expect(one.body.data.children_competitor.map((c: { name: string }) => c.name)).toEqual(["Mộc Châu"]);
    expect((await send("GET", "/api/project/list-user-projects", undefined, token)).body.data).toHaveLength(2);
  });

  test("another user's project can be neither read nor changed", async () => {
    const owner = await createVerifiedUser(ctx);
    const intruder = await createVerifiedUser(ctx);
    const { id, children_competitor } = (await send("POST", "/api/project", form(), owner.token)).body.data;
    await send("POST", "/api/project", form({ name: "Kẻ lạ" }), intruder.token);
    expect((await send("PUT", `/api/project/${id}`, form({ name: "Bị sửa" }), intruder.token)).status).toBe(404);
    expect((await send("PUT", `/api/project/update-name/${id}`, { name: "Bị sửa" }, intruder.token)).status).toBe(404);
    expect((await send("PUT", `/api/project/update-name/${children_competitor[0].id}`, { name: "Bị sửa" }, intruder.token)).status).toBe(
      404,
    );
    expect((await send("PUT", "/api/project/abc", form(), intruder.token)).status).toBe(404);
    expect((await show(owner.token)).project.name).toBe("Sữa Vinamilk");
    expect((await show(intruder.token)).project.name).toBe("Kẻ lạ");
  });

  test("update-name renames a competitor of one's own", async () => {
    const { token } = await createVerifiedUser(ctx);
    const { children_competitor } = (await send("POST", "/api/project", form(), token)).body.data;
    const res = await send("PUT", `/api/project/update-name/${children_competitor[1].id}`, { name: "Nuti Food" }, token);
    expect(res.body.data).toEqual({ id: children_competitor[1].id, name: "Nuti Food" });
    expect((await send("PUT", `/api/project/update-name/${children_competitor[1].id}`, { name: "" }, token)).body.errors).toEqual({
      name: ["Tên dự án là bắt buộc"],
    });
  });
});

describe("scan-data", () => {
  const daysAgo = (days: number) => new Date(ctx.deps.now().getTime() - days * 86_400_000);

  test("links matching documents of the last 30 days and names the projects still without data", async () => {
    const { token } = await createVerifiedUser(ctx);
    const unique = `Sunhouse${Date.now() % 100000}`;
    await send(
      "POST",
      "/api/project",
      form({ name: "Gia dụng", keywords: [unique, "nồi chiên không dầu"], competitors: [{ name: "Không ai nhắc", keywords: ["zzqxw"] }] }),
      token,
    );
    await insertDocument(ctx.handle.db, {
      content: `${unique} ra mắt nồi chiên không dầu mới, giá tốt`,
      publishedAt: daysAgo(2),
      sentiment: 1,
      likes: 10,
    });
    await insertDocument(ctx.handle.db, {
      content: `Mua noi chien khong dau ${unique.toLowerCase()} o dau re?`,
      publishedAt: daysAgo(5),
      likes: 3,
    });
    await insertDocument(ctx.handle.db, { content: "Mình mua nồi chiên không dâu ở chợ", publishedAt: daysAgo(1) });
    await insertDocument(ctx.handle.db, { content: `${unique} khai trương showroom`, publishedAt: daysAgo(45) });

    const res = await send("POST", "/api/scan-data", {}, token);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(["Không ai nhắc"]);
    const project = (await show(token)).project;
    const mentions = await ctx.handle.db.selectFrom("mentions").selectAll().where("project_id", "=", project.id).execute();
    expect(mentions).toHaveLength(2);
    const rollups = await ctx.handle.db
      .selectFrom("mention_rollups_hourly")
      .select((eb) => [eb.fn.sum<number>("mentions").as("mentions"), eb.fn.sum<number>("likes").as("likes")])
      .where("project_id", "=", project.id)
      .executeTakeFirstOrThrow();
    expect({ mentions: Number(rollups.mentions), likes: Number(rollups.likes) }).toEqual({ mentions: 2, likes: 13 });

    expect((await send("POST", "/api/scan-data", {}, token)).body.data).toEqual(["Không ai nhắc"]);
    expect(await ctx.handle.db.selectFrom("mentions").select("document_id").where("project_id", "=", project.id).execute()).toHaveLength(2);
    const backfill = await ctx.handle.db.selectFrom("backfill_requests").select("keywords").where("project_id", "=", project.id).execute();
    expect(backfill[0].keywords).toEqual([unique, "nồi chiên không dầu"]);
  });

  test("a keyword change drops mentions found only by the old keywords, counters included", async () => {
    const { token } = await createVerifiedUser(ctx);
    const old = `Kangaroo${Date.now() % 100000}`;
    const { id } = (await send("POST", "/api/project", form({ keywords: [old, "máy lọc nước"], competitors: [] }), token)).body.data;
    await insertDocument(ctx.handle.db, { content: `${old} giảm giá`, publishedAt: daysAgo(1) });
    await insertDocument(ctx.handle.db, { content: `Review máy lọc nước ${old}`, publishedAt: daysAgo(1) });
    await send("POST", "/api/scan-data", {}, token);
    await send("PUT", `/api/project/${id}`, form({ keywords: ["máy lọc nước"], competitors: [] }), token);
    const left = await ctx.handle.db.selectFrom("mentions").select("document_id").where("project_id", "=", id).execute();
    expect(left).toHaveLength(1);
    const total = await ctx.handle.db
      .selectFrom("mention_rollups_hourly")
      .select((eb) => eb.fn.sum<number>("mentions").as("n"))
      .where("project_id", "=", id)
      .executeTakeFirstOrThrow();
    expect(Number(total.n)).toBe(1);
  });

  test("a keyword change keeps the comments from the project's own connected page, which name no keyword", async () => {
    const { token, user } = await createVerifiedUser(ctx);
    const { id } = (await send("POST", "/api/project", form({ keywords: ["Bánh mì Hội An"], competitors: [] }), token)).body.data;
    const comment = randomCollected(seededRandom(7), {
      externalId: `own-page-${id}`,
      content: "Hôm qua ghé tiệm, nhân viên dễ thương, pate thơm lắm nha.",
      publishedAt: daysAgo(1),
    });
    await ingestDocuments(ctx.deps, [comment], { scope: { accountId: user.id }, ownedBy: [id] });
    await send("PUT", `/api/project/${id}`, form({ keywords: ["Bánh mì Phượng"], competitors: [] }), token);
    const left = await ctx.handle.db.selectFrom("mentions").select("matched_keywords").where("project_id", "=", id).execute();
    expect(left).toEqual([{ matched_keywords: [] }]);
  });

  test("without a project the scan has nothing to report", async () => {
    const { token } = await createVerifiedUser(ctx);
    expect((await send("POST", "/api/scan-data", {}, token)).body.data).toEqual([]);
  });
});

describe("notification settings", () => {
  test("defaults, a valid update, and the limits of the account", async () => {
    const { token, user, account } = await createVerifiedUser(ctx);
    const initial = (await send("GET", "/api/notification", undefined, token)).body.data;
    expect(initial).toEqual({
      id: user.id,
      time_reports: [],
      phones: [account.phone],
      emails: [account.email],
      quantity_phone_number: 1,
      receives_reports: true,
      language: "vi",
    });
    const saved = await send(
      "PUT",
      "/api/notification",
      { time_reports: ["daily", "weekly", "daily"], phones: ["+84912000111"], emails: ["marketing@vinamilk.com.vn"] },
      token,
    );
    expect(saved.body.data).toMatchObject({
      time_reports: ["daily", "weekly"],
      phones: ["0912000111"],
      emails: ["marketing@vinamilk.com.vn"],
    });
    const english = await send("PUT", "/api/notification", { time_reports: ["weekly"], phones: [], emails: [], language: "en" }, token);
    expect(english.body.data).toMatchObject({ time_reports: ["weekly"], language: "en" });
    expect((await send("PUT", "/api/notification", { time_reports: [], phones: [], emails: [] }, token)).body.data.language).toBe("en");
    expect((await send("PUT", "/api/notification", { time_reports: [], phones: [], emails: [], language: "fr" }, token)).status).toBe(422);
    const tooMany = await send("PUT", "/api/notification", { time_reports: [], phones: ["0912000111", "0912000222"], emails: [] }, token);
    expect(tooMany.body.errors).toEqual({ phones: ["Tối đa 1 số điện thoại"] });
    const invalid = await send(
      "PUT",
      "/api/notification",
      { time_reports: ["hourly"], phones: ["0912 000 111"], emails: ["marketing@"] },
      token,
    );
    expect(invalid.body.errors).toEqual({
      "time_reports.0": ["Giá trị không hợp lệ"],
      "phones.0": ["Số điện thoại không được chứa khoảng trắng"],
      "emails.0": ["Email không đúng định dạng"],
    });
  });
});

test("project endpoints need a session", async () => {
  for (const [method, path] of [
    ["GET", "/api/project"],
    ["POST", "/api/scan-data"],
    ["GET", "/api/get-brands"],
    ["PUT", "/api/notification"],
  ]) {
    expect((await ctx.request(path, { method, ...(method === "GET" ? {} : { json: {} }) })).status).toBe(401);
  }
  expect((await ctx.request("/api/khong-co")).status).toBe(404);
});
