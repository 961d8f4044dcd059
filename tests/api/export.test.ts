import * as XLSX from "xlsx";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { CollectedDocument } from "../../src/server/collectors/types.ts";
import { ingestDocuments } from "../../src/server/services/ingest/ingest-documents.ts";
import { formatDateTime } from "../../src/shared/format.ts";
import { TIME_FILTER_PRESETS } from "../../src/stores/filter-params.ts";
import { createTestContext, type TestContext } from "../factories/test-app.ts";
import { createVerifiedUser } from "../factories/users.ts";

let ctx: TestContext;
let token: string;
let projectId: number;
const HOUR = 3_600_000;

// The test clock: 2026-11-21 10:00 in Hanoi.
const CHANNELS: { channel: number; platform: string; url: (i: number) => string }[] = [
  { channel: 2, platform: "vnexpress.net", url: (i) => `https://vnexpress.net/sua-moc-lan-${i}.html` },
  { channel: 3, platform: "print", url: (i) => `urn:nghe:clipping:${i}` },
  { channel: 13, platform: "zalo-group", url: (i) => `https://zalo.me/g/${i}` },
  { channel: 8, platform: "app-store", url: (i) => `https://apps.apple.com/vn/review/${i}` },
  { channel: 14, platform: "shopee.vn", url: (i) => `https://shopee.vn/p/${i}` },
];
const TEXTS = [
  "Sữa Mộc Lan thơm ngon, con mình rất thích, sẽ mua tiếp",
  "Sữa Mộc Lan giao hàng chậm, hộp bị móp, rất thất vọng",
  "Sữa Mộc Lan ra mắt dòng sữa hạt mới tại Hà Nội",
];

function documents(): CollectedDocument[] {
  const now = ctx.deps.now().getTime();
  // One every 7 hours over the last 100 days, so every period holds a different number.
  return Array.from({ length: 340 }, (_, i) => {
    const { channel, platform, url } = CHANNELS[i % CHANNELS.length];
    return {
      channel,
      platform,
      externalId: `export-${i}`,
      url: url(i),
      mentionType: i % 4 === 3 ? 1 : 0,
      parentExternalId: null,
      title: null,
      content: `${TEXTS[i % TEXTS.length]} (${i})`,
      publishedAt: new Date(now - 30 * 60_000 - i * 7 * HOUR),
      source: { id: null, name: `Nguồn ${i % 12}`, url: null },
      author: { id: null, name: "Lê Thu Hà", url: null, followers: null, location: null },
      metrics: { likes: i, shares: 1, comments: 2, views: 10 },
      rating: channel === 8 ? (i % 5) + 1 : null,
      ecommerceSource: channel === 14 ? 1 : null,
      hashtags: [],
    };
  });
}

beforeAll(async () => {
  ctx = await createTestContext();
  ({ token } = await createVerifiedUser(ctx));
  const created = await ctx.request("/api/project", {
    method: "POST",
    token,
    json: { brand_id: 0, name: "Sữa Mộc Lan", keywords: ["Sữa Mộc Lan"], competitors: [] },
  });
  projectId = (await created.json()).data.id;
  await ingestDocuments(ctx.deps, documents());
});
afterAll(() => ctx.close());

const query = (params: Record<string, string>) => new URLSearchParams({ project_id: String(projectId), ...params });

async function listTotal(params: Record<string, string>): Promise<number> {
  const res = await ctx.request(`/api/mention/index?${query(params)}`, { token });
  expect(res.status).toBe(200);
  return (await res.json()).data.total;
}

async function exported(params: Record<string, string>, lang: "vi" | "en" = "vi") {
  const res = await ctx.request(`/api/mention/export-excel?${query(params)}`, { token, lang });
  expect(res.status).toBe(200);
  const book = XLSX.read(new Uint8Array(await res.arrayBuffer()), { type: "array", cellNF: true });
  const [mentions, summary, sources] = book.SheetNames.map((name) => book.Sheets[name]);
  return {
    mentions,
    rows: XLSX.utils.sheet_to_json<Record<string, unknown>>(mentions),
    summary: XLSX.utils.sheet_to_json<unknown[]>(summary, { header: 1, raw: false }),
    sources: XLSX.utils.sheet_to_json<unknown[]>(sources, { header: 1 }),
  };
}

describe("the export holds exactly the mentions of the list's own query", () => {
  test.each(TIME_FILTER_PRESETS.filter((preset) => preset !== "custom"))("type_time=%s", async (type_time) => {
    const total = await listTotal({ type_time });
    expect(total).toBeGreaterThan(0);
    expect((await exported({ type_time })).rows).toHaveLength(total);
  });

  test("custom dates, and the other filters of spec §9", async () => {
    const views: Record<string, string>[] = [
      { type_time: "custom", start_date: "2026-09-01", end_date: "2026-10-15" },
      { type_time: "month", sentiment_ids: "0,2" },
      { type_time: "this-month", channel_ids: "2,13" },
      { type_time: "3-months-ago", mention_type: "1", search: "giao hàng" },
    ];
    for (const view of views) {
      const total = await listTotal(view);
      expect(total, JSON.stringify(view)).toBeGreaterThan(0);
      expect((await exported(view)).rows, JSON.stringify(view)).toHaveLength(total);
    }
  });

  test("bad filter values are refused as the list refuses them, never ignored", async () => {
    const refused: Record<string, string>[] = [
      { type_time: "decade" },
      { sentiment_ids: "7" },
      { start_date: "2026-11-10", end_date: "2026-11-01" },
    ];
    for (const bad of refused) {
      const res = await ctx.request(`/api/mention/export-excel?${query(bad)}`, { token });
      expect(res.status, JSON.stringify(bad)).toBe(422);
      expect((await ctx.request(`/api/mention/index?${query(bad)}`, { token })).status).toBe(422);
    }
  });
});

describe("the file speaks the screens' language", () => {
  test("channels, sentiments, types and statuses by the names the screens use; no technical codes", async () => {
    const { rows, summary, sources } = await exported({ type_time: "month" });
    const column = (name: string) => new Set(rows.map((r) => r[name]));
    expect(column("Kênh")).toEqual(new Set(["Báo điện tử", "Báo in", "Nhóm Zalo", "Đánh giá ứng dụng", "Thương mại điện tử"]));
    expect([...column("Cảm xúc")].every((s) => ["Tích cực", "Trung lập", "Tiêu cực"].includes(String(s)))).toBe(true);
    expect(column("Loại")).toEqual(new Set(["Bài viết", "Bình luận"]));
    expect(column("Trạng thái")).toEqual(new Set(["Chờ xử lý"]));
    // A platform is shown when it says more than the channel: a site or a store, never a code such as "zalo-group".
    expect(column("Nền tảng")).toEqual(new Set(["vnexpress.net", "App Store", "shopee.vn", undefined]));
    // An imported clipping has no web address to open.
    expect(rows.filter((r) => r.Kênh === "Báo in").every((r) => r["Đường dẫn"] === undefined)).toBe(true);
    expect(summary.map((row) => row[0])).toEqual([
      "Khoảng thời gian",
      "Tổng đề cập",
      "Bài viết",
      "Đề cập bình luận",
      "Lượt thích",
      "Lượt chia sẻ",
      "Lượt bình luận",
      "Lượt xem",
      "Trung lập",
      "Tích cực",
      "Tiêu cực",
    ]);
    expect(new Set(sources.slice(1).map((row) => row[1]))).toEqual(column("Kênh"));
  });

  test("the English file names them in English", async () => {
    const { rows } = await exported({ type_time: "month" }, "en");
    expect(new Set(rows.map((r) => r.Channel))).toEqual(new Set(["Online news", "Print", "Zalo groups", "App reviews", "E-commerce"]));
    expect(new Set(rows.map((r) => r.Type))).toEqual(new Set(["Post", "Comment"]));
  });
});

describe("dates", () => {
  test("publication times are Excel dates in Vietnam time, newest first", async () => {
    const { mentions } = await exported({ type_time: "today" });
    const cell = mentions.A2 as XLSX.CellObject;
    expect(cell.t).toBe("n");
    expect(XLSX.SSF.is_date(cell.z as string)).toBe(true);
    // 09:30 in Hanoi, half an hour before the test clock.
    expect(XLSX.SSF.format(cell.z as string, cell.v as number)).toBe(formatDateTime(new Date(ctx.deps.now().getTime() - 30 * 60_000)));
  });

  test("the stated period never includes a day that has not come", async () => {
    const period = async (params: Record<string, string>) => (await exported(params)).summary[0].slice(1);
    expect(await period({ type_time: "this-month" })).toEqual(["2026-11-01", "2026-11-21"]);
    expect(await period({ type_time: "this-week" })).toEqual(["2026-11-16", "2026-11-21"]);
    expect(await period({ type_time: "last-month" })).toEqual(["2026-10-01", "2026-10-31"]);
    expect(await period({ type_time: "month" })).toEqual(["2026-10-23", "2026-11-21"]);
  });
});
