import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createRssCollector, type NewsFeed } from "./rss";
import { testHttpClient } from "../../../tests/factories/collectors/fake-time";
import { readFixture, startFixtureServer, type FixtureServer, type Reply } from "../../../tests/factories/collectors/fixture-server";
import type { CollectedDocument } from "../services/ingest/index.ts";

const now = new Date("2025-11-21T03:00:00Z");
let server: FixtureServer;
let answer: (path: string) => Reply;

beforeEach(async () => {
  server = await startFixtureServer(({ url }) => answer(url.pathname));
});
afterEach(() => server.close());

const fixture = (path: string, contentType: string, headers: Record<string, string> = {}): Reply => ({
  headers: { "content-type": contentType, ...headers },
  body: readFixture(path),
});

function feed(site: string, name: string, path: string): NewsFeed {
  return { id: site.replace(/\./g, "-"), name, site, url: `${server.baseUrl}${path}`, channel: 2, enabled: true };
}

function news(
  site: string,
  name: string,
  doc: Pick<CollectedDocument, "externalId" | "url" | "title" | "content" | "publishedAt"> & Partial<CollectedDocument>,
): CollectedDocument {
  return {
    channel: 2,
    platform: site,
    mentionType: 0,
    parentExternalId: null,
    source: { id: site, name, url: `https://${site}` },
    author: null,
    metrics: { likes: 0, shares: 0, comments: 0, views: 0 },
    rating: null,
    ecommerceSource: null,
    hashtags: [],
    ...doc,
  };
}

const author = (name: string) => ({ id: null, name, url: null, followers: null, location: null });

describe("RSS 2.0 (VnExpress)", () => {
  const vnexpress = (doc: Parameters<typeof news>[2]) => news("vnexpress.net", "VnExpress", doc);
  const expected = [
    vnexpress({
      externalId: "https://vnexpress.net/vinamilk-bao-lai-quy-iii-tang-12-4971234.html",
      url: "https://vnexpress.net/vinamilk-bao-lai-quy-iii-tang-12-4971234.html",
      title: "Vinamilk báo lãi quý III tăng 12%",
      content:
        "Doanh thu thuần của Vinamilk đạt hơn 16.000 tỷ đồng, lợi nhuận sau thuế tăng 12% so với cùng kỳ nhờ giá sữa bột nguyên liệu giảm.",
      publishedAt: new Date("2025-11-21T02:30:00Z"),
    }),
    vnexpress({
      externalId: "4971250",
      // relative link resolved against the channel link
      url: "https://vnexpress.net/viettel-thu-nghiem-5g-standalone-4971250.html",
      title: "Viettel thử nghiệm 5G Standalone tại TP HCM & Hà Nội",
      content:
        "Viettel cho biết mạng 5G Standalone đạt tốc độ tải xuống 1,2 Gbps trong đợt thử nghiệm. #Viettel5G\nNhà mạng dự kiến phủ sóng 63 tỉnh vào năm sau.",
      publishedAt: new Date("2025-11-21T01:15:00Z"),
      author: author("Lưu Quý"),
      hashtags: ["Viettel5G"],
    }),
    vnexpress({
      externalId: "4971260",
      url: "https://vnexpress.net/vietcombank-giam-lai-suat-cho-vay-4971260.html",
      title: "Vietcombank giảm lãi suất cho vay hỗ trợ doanh nghiệp nhỏ",
      // content:encoded wins over description; the script is dropped
      content:
        "Vietcombank giảm 0,5 điểm phần trăm lãi suất cho vay với doanh nghiệp nhỏ và vừa đến hết năm.\nGói tín dụng trị giá 20.000 tỷ đồng áp dụng cho khoản vay mới.",
      // no pubDate: the channel's
      publishedAt: new Date("2025-11-21T02:45:00Z"),
      author: author("Minh Sơn"),
    }),
    vnexpress({
      externalId: null,
      // a bare '&' in the link does not break the feed
      url: "https://vnexpress.net/vietjet-mo-duong-bay-thang-ha-noi-bali-4971300.html?utm_source=rss&utm_medium=feed",
      title: "Vietjet mở đường bay thẳng Hà Nội - Bali",
      content: "Vietjet khai thác 7 chuyến mỗi tuần từ tháng 12, giá vé từ 0 đồng.",
      publishedAt: new Date("2025-11-21T01:00:00Z"),
    }),
  ];

  it("parses items into documents, skipping the duplicate and the item without a link, the same every time", async () => {
    answer = () => fixture("rss/vnexpress-kinh-doanh.rss", "application/rss+xml; charset=utf-8");
    const collector = createRssCollector(feed("vnexpress.net", "VnExpress", "/rss/kinh-doanh.rss"));
    const { http } = testHttpClient();
    const first = await collector.poll({ now, http }, null);
    const again = await collector.poll({ now, http }, null);
    expect(first.error).toBeNull();
    expect(first.documents).toEqual(expected);
    expect(again.documents).toEqual(expected);
    expect(collector.id).toBe("rss:vnexpress-net");
  });

  it("answers a 304 to the conditional GET with notModified and no documents", async () => {
    answer = () =>
      fixture("rss/vnexpress-kinh-doanh.rss", "application/rss+xml", {
        etag: '"kd-2025112109"',
        "last-modified": "Fri, 21 Nov 2025 02:45:00 GMT",
      });
    const collector = createRssCollector(feed("vnexpress.net", "VnExpress", "/rss/kinh-doanh.rss"));
    const { http } = testHttpClient();
    const first = await collector.poll({ now, http }, null);
    expect(first.state).toMatchObject({ etag: '"kd-2025112109"', lastModified: "Fri, 21 Nov 2025 02:45:00 GMT" });

    answer = () => ({ status: 304, headers: { etag: '"kd-2025112109"' } });
    const second = await collector.poll({ now, http }, first.state);
    expect(server.requests[1].headers["if-none-match"]).toBe('"kd-2025112109"');
    expect(server.requests[1].headers["if-modified-since"]).toBe("Fri, 21 Nov 2025 02:45:00 GMT");
    expect(second).toEqual({ documents: [], state: first.state, error: null, notModified: true });
  });

  it("does not emit items already seen when the feed comes back whole", async () => {
    answer = () => fixture("rss/vnexpress-kinh-doanh.rss", "application/rss+xml");
    const collector = createRssCollector(feed("vnexpress.net", "VnExpress", "/rss/kinh-doanh.rss"));
    const { http } = testHttpClient();
    const first = await collector.poll({ now, http }, null);
    const second = await collector.poll({ now, http }, first.state);
    expect(second.documents).toEqual([]);
    expect(second.state.seen).toEqual(first.state.seen);
  });
});

describe("Atom 1.0 and RSS 1.0", () => {
  it("parses Atom html and xhtml text constructs, alternate links and relative hrefs", async () => {
    answer = () => fixture("rss/atom-doanh-nghiep.xml", "application/atom+xml");
    const collector = createRssCollector(feed("nhipsongso.example.vn", "Nhịp sống số", "/atom/doanh-nghiep.xml"));
    const result = await collector.poll({ now, http: testHttpClient().http }, null);
    const site = (doc: Parameters<typeof news>[2]) => news("nhipsongso.example.vn", "Nhịp sống số", doc);
    expect(result.documents).toEqual([
      site({
        externalId: "tag:nhipsongso.example.vn,2025:post-88121",
        url: "https://nhipsongso.example.vn/doanh-nghiep/vietjet-nhan-them-10-tau-bay-a321neo-20251121.html",
        title: "Vietjet nhận thêm 10 tàu bay A321neo",
        content: "Hãng bay giá rẻ Vietjet nhận thêm 10 tàu bay thân hẹp.",
        publishedAt: new Date("2025-11-21T01:10:00Z"),
        author: author("Hoàng Anh"),
      }),
      site({
        externalId: "tag:nhipsongso.example.vn,2025:post-88122",
        url: "https://nhipsongso.example.vn/doanh-nghiep/vinamilk-xuat-khau-trung-dong-20251121.html",
        title: "Vinamilk xuất khẩu lô sữa đầu tiên sang Trung Đông",
        content:
          "Lô hàng gồm 40 container sữa tiệt trùng của Vinamilk & sữa đặc.\nDoanh nghiệp đặt mục tiêu tăng xuất khẩu 20% #VinamilkExport",
        // 07:30Z is in the future (Vietnam time labelled UTC): clamped to the round's time
        publishedAt: now,
        hashtags: ["VinamilkExport"],
      }),
    ]);
  });

  it("parses RSS 1.0 (RDF) items with Dublin Core dates and creators", async () => {
    answer = () => fixture("rss/rdf-tai-chinh.rdf", "application/rdf+xml");
    const collector = createRssCollector(feed("taichinh.example.vn", "Tài chính", "/rss.rdf"));
    const result = await collector.poll({ now, http: testHttpClient().http }, null);
    expect(result.documents).toEqual([
      news("taichinh.example.vn", "Tài chính", {
        externalId: "https://taichinh.example.vn/vietcombank-lai-9-thang-2025.html",
        url: "https://taichinh.example.vn/vietcombank-lai-9-thang-2025.html",
        title: "Vietcombank lãi trước thuế 33.000 tỷ đồng sau 9 tháng",
        content: "Lợi nhuận của Vietcombank tiếp tục dẫn đầu hệ thống ngân hàng.",
        publishedAt: new Date("2025-11-21T00:45:00Z"),
        author: author("Phương Linh"),
      }),
    ]);
  });
});

describe("legacy charsets", () => {
  it("decodes a windows-1258 feed named in Content-Type into NFC text", async () => {
    answer = () => fixture("rss/legacy-windows-1258.rss", "text/xml; charset=windows-1258");
    const collector = createRssCollector(feed("nld.com.vn", "Người Lao Động", "/kinh-te.rss"));
    const result = await collector.poll({ now, http: testHttpClient().http }, null);
    expect(result.documents).toEqual([
      news("nld.com.vn", "Người Lao Động", {
        externalId: "https://nld.com.vn/vietjet-khai-truong-duong-bay-an-do-196251121.htm",
        url: "https://nld.com.vn/vietjet-khai-truong-duong-bay-an-do-196251121.htm",
        title: "Vietjet khai trương đường bay thẳng TP HCM - Ấn Độ",
        content: "Hãng hàng không Vietjet chính thức khai trương đường bay mới, ưu đãi giá vé cho hành khách đặt sớm.",
        publishedAt: new Date("2025-11-21T01:20:00Z"),
      }),
    ]);
    expect(result.documents[0].title).toBe(result.documents[0].title?.normalize("NFC"));
  });

  it("decodes an ISO-8859-1 feed named only in its XML declaration, with character references for the rest", async () => {
    answer = () => fixture("rss/legacy-iso-8859-1.rss", "text/xml");
    const collector = createRssCollector(feed("tinnhanh.example.vn", "Tin nhanh", "/rss"));
    const result = await collector.poll({ now, http: testHttpClient().http }, null);
    expect(result.documents).toEqual([
      news("tinnhanh.example.vn", "Tin nhanh", {
        externalId: null,
        url: "https://tinnhanh.example.vn/viettel-trung-tam-du-lieu.html",
        title: "Viettel đầu tư trung tâm dữ liệu mới tại Bình Dương",
        content: "Tập đoàn Viettel khởi công trung tâm dữ liệu quy mô 140 MW, dự kiến vận hành năm 2027.",
        // "21/11/2025 07:05", Vietnam time
        publishedAt: new Date("2025-11-21T00:05:00Z"),
      }),
    ]);
  });
});

describe("provider problems are reported, never thrown", () => {
  const collector = () => createRssCollector(feed("vnexpress.net", "VnExpress", "/rss/kinh-doanh.rss"));

  it("reports truncated XML and an HTML page as malformed, keeping the state", async () => {
    const state = { etag: '"old"', lastModified: null, seen: ["4971250"] };
    answer = () => fixture("rss/truncated.rss", "application/rss+xml");
    const truncated = await collector().poll({ now, http: testHttpClient().http }, state);
    expect(truncated).toEqual({ documents: [], state, error: { kind: "malformed", message: expect.stringContaining("invalid XML") } });

    answer = () => ({ headers: { "content-type": "text/html" }, body: "<html><body>Trang bảo trì</body></html>" });
    const html = await collector().poll({ now, http: testHttpClient().http }, state);
    expect(html.error).toEqual({ kind: "malformed", message: "not a feed: root element is html" });
  });

  it("retries a 429 after Retry-After, then parses the feed", async () => {
    let calls = 0;
    answer = () =>
      ++calls === 1 ? { status: 429, headers: { "retry-after": "30" } } : fixture("rss/rdf-tai-chinh.rdf", "application/rdf+xml");
    const { http, time } = testHttpClient();
    const result = await collector().poll({ now, http }, null);
    expect(result.error).toBeNull();
    expect(result.documents).toHaveLength(1);
    expect(time.sleeps).toContain(30_000);
  });

  it("reports 5xx after the retries, a timeout and a 404", async () => {
    answer = () => ({ status: 500 });
    const failing = await collector().poll({ now, http: testHttpClient({ maxAttempts: 2 }).http }, null);
    expect(failing.error?.kind).toBe("server");
    expect(server.requests).toHaveLength(2);

    answer = () => "hang";
    const slow = await collector().poll({ now, http: testHttpClient({ timeoutMs: 30, maxAttempts: 1 }).http }, null);
    expect(slow.error?.kind).toBe("timeout");

    answer = () => ({ status: 404 });
    const gone = await collector().poll({ now, http: testHttpClient().http }, null);
    expect(gone.error).toEqual({ kind: "client", message: expect.stringContaining("404") });
  });
});
