import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createAppStoreCollector, type AppStoreOptions } from "./app-store";
import { testHttpClient } from "../../../tests/factories/collectors/fake-time";
import { readFixture, startFixtureServer, type FixtureServer, type Reply } from "../../../tests/factories/collectors/fixture-server";
import type { CollectedDocument } from "../services/ingest/index.ts";

const now = new Date("2025-11-21T03:00:00Z");
const APP_ID = "561433133";
let server: FixtureServer;
let pages: Record<number, Reply | (() => Reply)>;

const json = (path: string): Reply => ({
  headers: { "content-type": "text/javascript; charset=utf-8" },
  body: readFixture(`app-store/${path}`),
});

beforeEach(async () => {
  pages = { 1: json("vcb-page-1.json"), 2: json("vcb-page-2.json") };
  server = await startFixtureServer(({ url }) => {
    const page = url.pathname.match(new RegExp(`^/vn/rss/customerreviews/page=(\\d+)/id=${APP_ID}/sortby=mostrecent/json$`))?.[1];
    const reply = page ? pages[Number(page)] : undefined;
    return (typeof reply === "function" ? reply() : reply) ?? { status: 404 };
  });
});
afterEach(() => server.close());

const collector = (options: Partial<AppStoreOptions> = {}) =>
  createAppStoreCollector({ appId: APP_ID, appName: "VCB Digibank", baseUrl: server.baseUrl, ...options });
const requestedPages = () => server.requests.map((r) => Number(r.url.pathname.match(/page=(\d+)/)?.[1]));

function review(doc: {
  id: string;
  user: string;
  userId: string;
  date: string;
  rating: number;
  title: string;
  content: string;
  likes?: number;
  hashtags?: string[];
}): CollectedDocument {
  return {
    channel: 8,
    platform: "app-store",
    externalId: doc.id,
    url: `https://apps.apple.com/vn/app/id${APP_ID}?see-all=reviews`,
    mentionType: 0,
    parentExternalId: null,
    title: doc.title,
    content: doc.content,
    publishedAt: new Date(doc.date),
    source: { id: APP_ID, name: "VCB Digibank", url: `https://apps.apple.com/vn/app/id${APP_ID}` },
    author: { id: doc.userId, name: doc.user, url: `https://itunes.apple.com/vn/reviews/id${doc.userId}`, followers: null, location: null },
    metrics: { likes: doc.likes ?? 0, shares: 0, comments: 0, views: 0 },
    rating: doc.rating,
    ecommerceSource: null,
    hashtags: doc.hashtags ?? [],
  };
}

const expected = [
  review({
    id: "12987654321",
    user: "minhthu.ng",
    userId: "1357924680",
    date: "2025-11-21T02:32:11Z",
    rating: 1,
    likes: 5,
    hashtags: ["vcb"],
    title: "Không đăng nhập được",
    content: "Từ sáng tới giờ không đăng nhập được, báo lỗi hệ thống. Lương về mà không chuyển khoản được!!! #vcb",
  }),
  review({
    id: "12987600112",
    user: "Tuấn Anh",
    userId: "2468013579",
    date: "2025-11-20T15:05:40Z",
    rating: 5,
    title: "Ứng dụng mượt",
    content: "Giao diện mới đẹp, chuyển khoản nhanh, quét QR tiện lợi.",
  }),
  review({
    id: "12987555003",
    user: "hoa.le",
    userId: "1122334455",
    date: "2025-11-20T05:14:03Z",
    rating: 3,
    likes: 1,
    title: "Tạm được",
    content: "Chức năng ổn nhưng hay bắt cập nhật, mỗi lần cập nhật phải xác thực lại khuôn mặt.",
  }),
  review({
    id: "12987400974",
    user: "khachhang_hcm",
    userId: "9988776655",
    date: "2025-11-18T18:47:19Z",
    rating: 2,
    title: "Smart OTP phiền",
    content: "Đổi điện thoại phải ra quầy kích hoạt lại Smart OTP, rất mất thời gian.",
  }),
  review({
    id: "12987311855",
    user: "Ngọc Bích",
    userId: "5566778899",
    date: "2025-11-17T13:20:00Z",
    rating: 4,
    title: "Tốt",
    content: "Dùng ổn định, mong có thêm chế độ tối.",
  }),
];

describe("App Store customer reviews", () => {
  it("pages through to the feed's last page, skipping the app entry, the same every time", async () => {
    const first = await collector().poll({ now, http: testHttpClient().http }, null);
    expect(first.error).toBeNull();
    expect(first.documents).toEqual(expected);
    expect(requestedPages()).toEqual([1, 2]);
    expect(first.state).toEqual({ newestAt: "2025-11-21T02:32:11.000Z", newestIds: ["12987654321"] });
    const again = await collector().poll({ now, http: testHttpClient().http }, null);
    expect(again.documents).toEqual(expected);
  });

  it("stops paging at the reviews already seen", async () => {
    const { http } = testHttpClient();
    const first = await collector().poll({ now, http }, null);
    pages[1] = json("vcb-page-1-later.json");
    const second = await collector().poll({ now: new Date("2025-11-21T09:00:00Z"), http }, first.state);
    expect(second.documents).toEqual([
      review({
        id: "12987799001",
        user: "phamduy",
        userId: "1029384756",
        date: "2025-11-21T08:15:42Z",
        rating: 2,
        title: "Bản mới chậm",
        content: "Bản cập nhật 5.6.3 mở app chậm hơn hẳn.",
      }),
    ]);
    expect(requestedPages()).toEqual([1, 2, 1]);
    expect(second.state).toEqual({ newestAt: "2025-11-21T08:15:42.000Z", newestIds: ["12987799001"] });
  });

  it("reads a single review given as an object, and stops at an empty page", async () => {
    const page = JSON.parse(readFixture("app-store/vcb-page-2.json").toString("utf8"));
    pages[1] = { body: JSON.stringify({ feed: { ...page.feed, link: undefined, entry: page.feed.entry[1] } }) };
    pages[2] = { body: JSON.stringify({ feed: { ...page.feed, link: undefined, entry: undefined } }) };
    const result = await collector({ maxPages: 5 }).poll({ now, http: testHttpClient().http }, null);
    expect(result.documents).toEqual([expected[4]]);
    expect(requestedPages()).toEqual([1, 2]);
  });

  it("reports invalid JSON and an unexpected shape as malformed, keeping the state", async () => {
    const state = { newestAt: "2025-11-20T00:00:00.000Z", newestIds: ["1"] };
    pages[1] = { body: '{"feed":{"entry":[{"id":' };
    const broken = await collector().poll({ now, http: testHttpClient().http }, state);
    expect(broken).toEqual({ documents: [], state, error: { kind: "malformed", message: "App Store answered with invalid JSON" } });

    pages[1] = { body: '{"feed":{"entry":[{"id":{"label":12}}]}}' };
    const wrongShape = await collector().poll({ now, http: testHttpClient().http }, state);
    expect(wrongShape.error?.kind).toBe("malformed");
  });

  it("keeps the state when a later page fails, returning what it read", async () => {
    pages[2] = { status: 503 };
    const result = await collector().poll({ now, http: testHttpClient({ maxAttempts: 2 }).http }, null);
    expect(result.documents).toEqual(expected.slice(0, 3));
    expect(result.error?.kind).toBe("server");
    expect(result.state).toEqual({ newestAt: null, newestIds: [] });
  });

  it("waits out a 429 and reports a timeout", async () => {
    let calls = 0;
    pages[1] = () => (++calls === 1 ? { status: 429, headers: { "retry-after": "5" } } : json("vcb-page-1.json"));
    const { http, time } = testHttpClient();
    const result = await collector().poll({ now, http }, null);
    expect(result.documents).toEqual(expected);
    expect(time.sleeps).toContain(5_000);

    pages = { 1: "hang" };
    const slow = await collector().poll({ now, http: testHttpClient({ timeoutMs: 30, maxAttempts: 1 }).http }, null);
    expect(slow.error?.kind).toBe("timeout");
  });
});
