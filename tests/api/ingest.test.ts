import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { findDbCommand } from "../../src/server/cli/db-commands.ts";
import type { CollectedDocument } from "../../src/server/services/ingest/collected-document.ts";
import { seededRandom } from "../../src/shared/seeded-random.ts";
import { ingestBatches, ingestDocuments } from "../../src/server/services/ingest/ingest-documents.ts";
import { rollupsAndTruth } from "../factories/rollup-check.ts";
import { createTestContext, type TestContext } from "../factories/test-app.ts";
import { createVerifiedUser } from "../factories/users.ts";

let ctx: TestContext;
let apiKey: string;
let projectId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  const { token, account } = await createVerifiedUser(ctx);
  const created = await ctx.request("/api/project", {
    method: "POST",
    token,
    json: {
      brand_id: 0,
      name: "Cà phê Trung Nguyên",
      keywords: ["Trung Nguyên", "G7"],
      competitors: [{ name: "Highlands", keywords: ["Highlands Coffee"] }],
    },
  });
  projectId = (await created.json()).data.id;
  const made = await findDbCommand("apikey")!.run(ctx.deps, ["create", account.username, "crawler"], "");
  apiKey = JSON.parse(made.stdout.split("\n")[0]).key;
});
afterAll(() => ctx.close());

const ingest = async (documents: unknown[], key = apiKey) => {
  const res = await ctx.request("/api/ingest", { method: "POST", json: { documents }, headers: { "x-api-key": key } });
  return { status: res.status, body: await res.json() };
};

const post = (n: number, overrides: Record<string, unknown> = {}) => ({
  channel: 1,
  external_id: `fb-${n}`,
  url: `https://www.facebook.com/groups/caphe/posts/${n}`,
  content: `Sáng nay uống cà phê Trung Nguyên pha phin, thơm và đậm vị (${n})`,
  published_at: "2026-11-20T07:15:00+07:00",
  source: { name: "Hội Yêu Cà Phê Việt" },
  author: { name: "Lê Văn Hùng", location: "Đà Nẵng", age_range: "25-34", job: "Kỹ sư" },
  metrics: { likes: 12, shares: 1, comments: 3 },
  hashtags: ["caphe"],
  ...overrides,
});

describe("POST /api/ingest", () => {
  test("needs a live API key", async () => {
    expect((await ingest([post(1)], "nk_wrong")).status).toBe(401);
    expect((await ctx.request("/api/ingest", { method: "POST", json: { documents: [post(1)] } })).status).toBe(401);
  });

  test("stores valid items, reports invalid ones by index with reasons, and matches the account's projects", async () => {
    const { status, body } = await ingest([
      post(100),
      { ...post(101), channel: 99 },
      post(102, { content: "Highlands Coffee khai trương chi nhánh mới ở Huế", external_id: "fb-102" }),
      { ...post(103), published_at: "hôm qua", url: "không phải url" },
    ]);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ accepted: 2, inserted: 2, updated: 0, mentions: 2 });
    expect(body.data.rejected.map((r: { index: number }) => r.index)).toEqual([1, 3]);
    expect(body.data.rejected[1].errors.join(" ")).toMatch(/published_at/);
    const stored = await ctx.handle.db.selectFrom("documents").selectAll().where("external_id", "=", "fb-100").executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      channel: 1,
      author_province: "da-nang",
      author_age_range: "25-34",
      author_job: "Kỹ sư",
      hashtags: ["caphe"],
    });
    expect(stored.sentiment).toBe(1);
  });

  test("re-sending a batch changes nothing; new counters update the document and its rollups", async () => {
    const batch = [post(200), post(201)];
    await ingest(batch);
    const again = await ingest(batch);
    expect(again.body.data).toMatchObject({ inserted: 0, updated: 0, mentions: 0 });
    const grown = await ingest([post(200, { metrics: { likes: 500, shares: 20, comments: 40, views: 9000 } })]);
    expect(grown.body.data).toMatchObject({ inserted: 0, updated: 1 });
    const { rollups, truth } = await rollupsAndTruth(ctx.handle.db, projectId);
    expect(rollups).toEqual(truth);
    expect(
      await ctx.handle.db.selectFrom("documents").select("id").where("external_id", "in", ["fb-200", "fb-201"]).execute(),
    ).toHaveLength(2);
  });

  test("quotes, backslashes, braces, commas, line breaks and the word NULL are stored exactly as sent", async () => {
    const title = 'Trung Nguyên "G7" giảm {30%}, chỉ hôm nay';
    const content = 'Khách hỏi: "G7 có \\ không đường?"\nTrả lời: {có}, NULL là không, \\"đậm\\" là có';
    const hashtags = ["NULL", "a,b", 'cà phê "đậm"', "{g7}", "back\\slash"];
    const author = { name: 'Bà "Tư" \\ Sài Gòn' };
    const { body } = await ingest([post(300, { external_id: "fb-300", title, content, hashtags, author })]);
    expect(body.data).toMatchObject({ inserted: 1, mentions: 1 });
    const stored = await ctx.handle.db
      .selectFrom("documents")
      .innerJoin("mentions", "mentions.document_id", "documents.id")
      .select(["title", "content", "hashtags", "author_name", "matched_keywords"])
      .where("external_id", "=", "fb-300")
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ title, content, hashtags, author_name: author.name, matched_keywords: ["trung nguyên", "g7"] });
  });

  test("each unstorable item is rejected by index with its field named; the batch's good items are stored", async () => {
    const bad: [string, Record<string, unknown>][] = [
      ["content", { content: "Trung Nguyên\u0000 ngon" }],
      ["title", { title: "Chuông báo\u0007 Trung Nguyên" }],
      ["author.name", { author: { name: "Lê \uD83D Hùng" } }],
      ["hashtags[0]", { hashtags: ["cà\u001Bphê"] }],
      ["external_id", { external_id: "fb-\u0000" }],
      ["metrics.likes", { metrics: { likes: 1e308 } }],
      // biome-ignore lint/correctness/noPrecisionLoss: a count past 64 bits is the point of the case.
      ["metrics.views", { metrics: { views: 18446744073709551616 } }],
      ["author.followers", { author: { followers: 2 ** 31 } }],
      ["url", { url: "javascript:alert(document.cookie)" }],
      ["source.url", { source: { name: "Hội Yêu Cà Phê Việt", url: "data:text/html,<script>alert(1)</script>" } }],
      ["author.url", { author: { url: "file:///etc/passwd" } }],
      ["published_at", { published_at: "2026-13-45" }],
      ["published_at", { published_at: "2026-11-00" }],
      ["published_at", { published_at: "0000-00-00" }],
      ["published_at", { published_at: "2026-02-30T10:00:00+07:00" }],
      ["published_at", { published_at: "1989-12-31T23:00:00Z" }],
      ["published_at", { published_at: "2026-11-23T00:00:00+07:00" }],
      // Without a zone the same text is a different instant on every server: docs/api/ingest.md asks for one.
      ["published_at", { published_at: "2026-11-20T10:00:00" }],
      ["published_at", { published_at: "2026-11-20" }],
    ];
    const good = post(400, { content: "Trung Nguyên ☕🔥 thơm quá\tđúng vị\r\nmỗi sáng", published_at: "2026-11-22T02:00:00Z" });
    const batch = [post(401), ...bad.map(([, fields], i) => post(410 + i, fields)), good, null, 42, "Trung Nguyên"];
    const { status, body } = await ingest(batch);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ accepted: 2, inserted: 2, mentions: 2 });
    expect(body.data.rejected.map((r: { index: number }) => r.index)).toEqual([
      ...bad.map((_, i) => i + 1),
      bad.length + 2,
      bad.length + 3,
      bad.length + 4,
    ]);
    bad.forEach(([field], i) => expect(body.data.rejected[i].errors.join(" ")).toContain(field));
    const stored = await ctx.handle.db
      .selectFrom("documents")
      .select(["external_id", "content"])
      .where("external_id", "in", ["fb-401", "fb-400"])
      .orderBy("external_id")
      .execute();
    expect(stored).toEqual([
      { external_id: "fb-400", content: "Trung Nguyên ☕🔥 thơm quá\tđúng vị\r\nmỗi sáng" },
      { external_id: "fb-401", content: post(401).content },
    ]);
  });

  test("a batch of nothing but bad items stores nothing and still answers 200", async () => {
    const { status, body } = await ingest([post(450, { content: "\u0000" }), post(451, { metrics: { shares: -1 } })]);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ accepted: 0, inserted: 0, rejected: [{ index: 0 }, { index: 1 }] });
  });

  test("without an external id, the same URL (tracking parameters aside) is the same document", async () => {
    const first = post(300, { external_id: undefined, url: "https://cafef.vn/trung-nguyen-mo-rong-188.chn" });
    const second = post(300, { external_id: undefined, url: "https://cafef.vn/trung-nguyen-mo-rong-188.chn?utm_source=zalo" });
    expect((await ingest([first])).body.data.inserted).toBe(1);
    expect((await ingest([second])).body.data.inserted).toBe(0);
  });
});

test("rollups equal a direct COUNT/SUM after a random mix of inserts, counter updates, keyword changes and scans", async () => {
  const random = seededRandom(7);
  const { token } = await createVerifiedUser(ctx);
  const poolKey = JSON.parse((await findDbCommand("apikey")!.run(ctx.deps, ["create", "--pool", "đối tác"], "")).stdout.split("\n")[0]).key;
  const project = await (
    await ctx.request("/api/project", {
      method: "POST",
      token,
      json: { brand_id: 0, name: "Ngẫu nhiên", keywords: ["Phúc Long", "trà sữa"], competitors: [] },
    })
  ).json();
  const texts = [
    "Trà sữa Phúc Long ngon tuyệt",
    "phuc long tang gia roi",
    "Quán trà sữa mới mở",
    "Phúc Long giao hàng chậm quá",
    "Hôm nay trời đẹp",
  ];
  for (let round = 0; round < 8; round += 1) {
    const batch = Array.from({ length: 25 }, () => {
      const n = random.int(1, 60);
      return post(10_000 + n, {
        channel: random.int(1, 15),
        content: `${random.pick(texts)} ${n}`,
        mention_type: random.int(0, 2),
        published_at: new Date(Date.UTC(2026, 10, random.int(1, 20), random.int(0, 23))).toISOString(),
        metrics: { likes: random.int(0, 50), shares: random.int(0, 5), comments: random.int(0, 9), views: random.int(0, 500) },
      });
    });
    await ingest(batch, poolKey);
    if (round === 4) {
      await ctx.request(`/api/project/${project.data.id}`, {
        method: "PUT",
        token,
        json: { brand_id: 0, name: "Ngẫu nhiên", keywords: ["Phúc Long"], competitors: [] },
      });
    }
    if (round === 6) {
      await ctx.request(`/api/project/${project.data.id}`, {
        method: "PUT",
        token,
        json: { brand_id: 0, name: "Ngẫu nhiên", keywords: ["Phúc Long", "trà sữa"], competitors: [] },
      });
      await ctx.request("/api/scan-data", { method: "POST", token, json: {} });
    }
  }
  const { rollups, truth } = await rollupsAndTruth(ctx.handle.db, project.data.id);
  expect(truth[0].length).toBeGreaterThan(3);
  expect(rollups).toEqual(truth);
});

test("the staff import of print/TV clippings goes through the same pipeline", async () => {
  const csv =
    "channel,published_at,source_name,title,content\npaper,2026-11-20 06:30,Báo Tuổi Trẻ,Trung Nguyên mở rộng xuất khẩu,Trung Nguyên Legend vừa ký hợp đồng xuất khẩu cà phê sang Hàn Quốc\nradio,x,y,z,w";
  const result = await findDbCommand("import")!.run(ctx.deps, ["clips.csv"], csv);
  expect(result.exitCode).toBe(0);
  expect(JSON.parse(result.stdout)).toMatchObject({ rows: 2, inserted: 1, mentions: 1, rejected: 1 });
  expect(result.stderr).toContain("line 3");
});

test("the clippings import refuses, by line, what the ingest API refuses: over-long text, far-future times, broken quoting", async () => {
  const line = (content: string, publishedAt = "2026-11-20 06:30", title = "Trung Nguyên") =>
    `paper,${publishedAt},Báo Thanh Niên,${title},${content}`;
  const csv = [
    "channel,published_at,source_name,title,content",
    line(`Trung Nguyên ${"cà phê ".repeat(5000)}`),
    line("Trung Nguyên khai trương quán ở năm 2099", "2099-01-01 08:00"),
    line('Trung Nguyên "G7" bán chạy'),
    line('"Trung Nguyên G7 bán chạy" nhất tuần'),
    line("Trung Nguyên G7, Legend và Sáng Tạo"),
    line('"Trung Nguyên xuất khẩu, dòng 1\ndòng 2"', "2026-11-20 08:00", "Xuất khẩu"),
    line("Trung Nguyên mở quán mới tại Huế", "2026-11-20T09:00:00"),
    line("Trung Nguyên khai trương ở Đà Lạt", "2026-11-20 10:00", "Đà Lạt"),
    line('"Trung Nguyên, ngoặc kép không đóng', "2026-11-20 11:00"),
  ].join("\n");
  const result = await findDbCommand("import")!.run(ctx.deps, ["clips.csv"], csv);
  expect(result.exitCode).toBe(0);
  expect(JSON.parse(result.stdout)).toMatchObject({ rows: 9, inserted: 2, rejected: 7 });
  const errors = result.stderr.trim().split("\n");
  expect(errors).toHaveLength(7);
  const [long, future, quoteInside, afterQuote, unquotedComma, noZone, unclosed] = errors;
  expect(long).toMatch(/^line 2: content .*20000/);
  expect(future).toMatch(/^line 3: published_at must be at most a day from now/);
  expect(quoteInside).toMatch(/^line 4: .*quote/);
  expect(afterQuote).toMatch(/^line 5: .*quote/);
  expect(unquotedComma).toMatch(/^line 6: .*6 fields.*5/);
  // The quoted line break makes the row of line 7 two lines long: the next row starts on line 9.
  expect(noZone).toMatch(/^line 9: published_at/);
  expect(unclosed).toMatch(/^line 11: .*never closed/);
  const stored = await ctx.handle.db
    .selectFrom("documents")
    .select(["title", "content"])
    .where("source_name", "=", "Báo Thanh Niên")
    .orderBy("published_at")
    .execute();
  expect(stored).toEqual([
    { title: "Xuất khẩu", content: "Trung Nguyên xuất khẩu, dòng 1\ndòng 2" },
    { title: "Đà Lạt", content: "Trung Nguyên khai trương ở Đà Lạt" },
  ]);
});

/** A YouTube comment as the collector hands it over. */
const collected = (n: number, content: string): CollectedDocument => ({
  channel: 5,
  platform: "youtube",
  externalId: `yt-${n}`,
  url: `https://www.youtube.com/watch?v=cafe${n}`,
  mentionType: 1,
  parentExternalId: "cafe",
  title: null,
  content,
  publishedAt: new Date("2026-11-20T08:00:00+07:00"),
  source: { id: "kenh-cafe", name: "Kênh Cà Phê", url: null },
  author: null,
  metrics: { likes: 2, shares: 0, comments: 0, views: 0 },
  rating: null,
  ecommerceSource: null,
  hashtags: [],
});
const storedIds = async (ids: string[]) =>
  (await ctx.handle.db.selectFrom("documents").select("external_id").where("external_id", "in", ids).execute())
    .map((r) => r.external_id)
    .sort();

test("a collected text with a broken emoji (a lone surrogate) is stored with U+FFFD in its place, its batch with it", async () => {
  const result = await ingestDocuments(ctx.deps, [
    collected(1, "Cà phê Trung Nguyên ngon quá \ud83d luôn"),
    collected(2, "Trung Nguyên G7 uống mỗi sáng"),
  ]);
  expect(result).toMatchObject({ inserted: 2, mentions: 2 });
  const stored = await ctx.handle.db.selectFrom("documents").select("content").where("external_id", "=", "yt-1").executeTakeFirstOrThrow();
  expect(stored.content).toBe("Cà phê Trung Nguyên ngon quá \ufffd luôn");
});

test("batches prepared ahead: one that cannot be prepared stops the run with its reason, the batches before it stay stored", async () => {
  const broken = { ...collected(21, "Trung Nguyên khai trương quán mới"), metrics: undefined } as unknown as CollectedDocument;
  const run = ingestBatches(ctx.deps, [[collected(20, "Trung Nguyên G7 hòa tan tiện lợi")], [broken], [collected(22, "G7 cappuccino")]]);
  await expect(run).rejects.toThrow(/preparing documents failed/);
  expect(await storedIds(["yt-20", "yt-21", "yt-22"])).toEqual(["yt-20"]);
  const rest = await ingestBatches(ctx.deps, [[collected(21, "Trung Nguyên khai trương quán mới")], [collected(22, "G7 cappuccino")]]);
  expect(rest).toMatchObject({ inserted: 2 });
});
