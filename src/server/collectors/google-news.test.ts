import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createGoogleNewsCollector, googleNewsQuery } from "./google-news";
import { testHttpClient } from "../../../tests/factories/collectors/fake-time";
import { readFixture, startFixtureServer, type FixtureServer, type Reply } from "../../../tests/factories/collectors/fixture-server";
import type { CollectedDocument } from "../services/ingest/index.ts";

const now = new Date("2025-11-21T03:00:00Z");
let server: FixtureServer;
let answer: () => Reply;

beforeEach(async () => {
  answer = () => ({
    headers: { "content-type": "application/xml; charset=utf-8" },
    body: readFixture("google-news/search-vinamilk-vietjet.rss"),
  });
  server = await startFixtureServer(() => answer());
});
afterEach(() => server.close());

const at = (secondsLater: number) => new Date(now.getTime() + secondsLater * 1000);

function article(doc: { id: string; title: string; date: string; site: string; name: string }): CollectedDocument {
  return {
    channel: 2,
    platform: doc.site,
    externalId: doc.id,
    url: `https://news.google.com/rss/articles/${doc.id}?oc=5`,
    mentionType: 0,
    parentExternalId: null,
    title: doc.title,
    content: doc.title,
    publishedAt: new Date(doc.date),
    source: { id: doc.site, name: doc.name, url: `https://${doc.site}/` },
    author: null,
    metrics: { likes: 0, shares: 0, comments: 0, views: 0 },
    rating: null,
    ecommerceSource: null,
    hashtags: [],
  };
}

const expected = [
  article({
    id: "CBMihAFBVV95cUxPX2Q3Y1ZpbmFtaWxrU3VhVHVvaUtob25nRHVvbmc",
    title: "Vinamilk ra mắt dòng sữa tươi không đường cho người ăn kiêng",
    date: "2025-11-21T02:15:00Z",
    site: "vnexpress.net",
    name: "VnExpress",
  }),
  article({
    id: "CBMijgFBVV95cUxNVmlldGpldENoYW1DaHV5ZW5UYW5Tb25OaGF0",
    title: "Vietjet Air bị phạt vì chậm chuyến kéo dài ở Tân Sơn Nhất",
    date: "2025-11-21T01:40:00Z",
    site: "tuoitre.vn",
    name: "Tuổi Trẻ Online",
  }),
  article({
    id: "CBMid0FVX3lxTE1Db1BoaWV1Vk5NVGFuZ1RyYW4",
    title: "Cổ phiếu VNM của Vinamilk tăng trần",
    date: "2025-11-20T09:05:00Z",
    site: "cafef.vn",
    name: "CafeF",
  }),
];

describe("Google News search", () => {
  it("builds one query per keyword set: phrases quoted, joined with OR", () => {
    expect(googleNewsQuery(["Vinamilk", "Vietjet  Air", "vinamilk"])).toBe('Vinamilk OR "Vietjet Air"');
    expect(googleNewsQuery(['sữa "Mộc Châu"', " ", "Viettel"])).toBe('"sữa Mộc Châu" OR Viettel');
    expect(googleNewsQuery(undefined)).toBe("");
  });

  it("requests the Vietnamese edition and parses items with the publisher taken from <source>", async () => {
    const collector = createGoogleNewsCollector({ baseUrl: server.baseUrl });
    const { http } = testHttpClient();
    const result = await collector.poll({ now, http, keywords: ["Vinamilk", "Vietjet Air"] }, null);
    const { url } = server.requests[0];
    expect(url.pathname).toBe("/rss/search");
    expect(Object.fromEntries(url.searchParams)).toEqual({ q: 'Vinamilk OR "Vietjet Air"', hl: "vi", gl: "VN", ceid: "VN:vi" });
    expect(result.error).toBeNull();
    expect(result.documents).toEqual(expected);
    const again = await createGoogleNewsCollector({ baseUrl: server.baseUrl }).poll(
      { now, http, keywords: ["Vinamilk", "Vietjet Air"] },
      null,
    );
    expect(again.documents).toEqual(expected);
  });

  it("polls one query at most once a minute, and emits only new items afterwards", async () => {
    const collector = createGoogleNewsCollector({ baseUrl: server.baseUrl });
    const { http } = testHttpClient();
    const ctx = (time: Date, words = ["Vinamilk", "Vietjet Air"]) => ({ now: time, http, keywords: words });
    const first = await collector.poll(ctx(now), null);

    const tooSoon = await collector.poll(ctx(at(59)), first.state);
    expect(tooSoon).toEqual({
      documents: [],
      state: first.state,
      error: { kind: "rate_limited", message: expect.stringContaining("2025-11-21T03:01:00.000Z") },
    });
    expect(server.requests).toHaveLength(1);

    const otherQuery = await collector.poll(ctx(at(59), ["Viettel"]), first.state);
    expect(otherQuery.error).toBeNull();
    expect(server.requests).toHaveLength(2);

    const later = await collector.poll(ctx(at(60)), otherQuery.state);
    expect(later.error).toBeNull();
    expect(later.documents).toEqual([]);
    expect(server.requests).toHaveLength(3);
    expect(Object.keys(later.state.queries)).toEqual(['Vinamilk OR "Vietjet Air"', "Viettel"]);
  });

  it("does nothing without keywords", async () => {
    const result = await createGoogleNewsCollector({ baseUrl: server.baseUrl }).poll(
      { now, http: testHttpClient().http, keywords: [] },
      null,
    );
    expect(result).toEqual({ documents: [], state: { queries: {} }, error: null });
    expect(server.requests).toHaveLength(0);
  });

  it("reports malformed XML and counts the attempt against the per-minute limit", async () => {
    answer = () => ({ headers: { "content-type": "application/xml" }, body: "<rss><channel><item><title>Vinamilk" });
    const result = await createGoogleNewsCollector({ baseUrl: server.baseUrl }).poll(
      { now, http: testHttpClient().http, keywords: ["Vinamilk"] },
      null,
    );
    expect(result.error?.kind).toBe("malformed");
    expect(result.state.queries.Vinamilk).toEqual({ lastPolledAt: now.toISOString(), seen: [] });
  });

  it("reports a 503 after retrying", async () => {
    answer = () => ({ status: 503 });
    const result = await createGoogleNewsCollector({ baseUrl: server.baseUrl }).poll(
      { now, http: testHttpClient({ maxAttempts: 3 }).http, keywords: ["Vinamilk"] },
      null,
    );
    expect(result.error?.kind).toBe("server");
    expect(server.requests).toHaveLength(3);
  });
});
