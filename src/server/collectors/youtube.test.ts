import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { testHttpClient } from "../../../tests/factories/collectors/fake-time";
import {
  readFixture,
  startFixtureServer,
  type FixtureServer,
  type ReceivedRequest,
  type Reply,
} from "../../../tests/factories/collectors/fixture-server";
import type { CollectedDocument } from "../services/ingest/index.ts";
import { createYoutubeCollector, youtubeQuery, type YoutubeOptions } from "./youtube";

const now = new Date("2025-11-21T03:00:00Z"); // 2025-11-20 19:00 in Pacific Time
const keywords = ["Vinamilk", "Viettel", "Vietjet Air"];
let server: FixtureServer;
let answer: (request: ReceivedRequest) => Reply;

const json = (path: string, status = 200): Reply => ({
  status,
  headers: { "content-type": "application/json; charset=UTF-8" },
  body: readFixture(`youtube/${path}`),
});

/** The API as documented: search pages by token, videos by id, comment threads by video. */
function youtubeApi({ url }: ReceivedRequest): Reply {
  const method = url.pathname.replace("/youtube/v3/", "");
  if (method === "search") return json(url.searchParams.get("pageToken") === "CAIQAA" ? "search-page-2.json" : "search-page-1.json");
  if (method === "videos") {
    const ids = url.searchParams.get("id")!.split(",");
    const all = JSON.parse(readFixture("youtube/videos.json").toString("utf8"));
    return {
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...all, items: all.items.filter((v: { id: string }) => ids.includes(v.id)) }),
    };
  }
  const videoId = url.searchParams.get("videoId");
  return videoId === "Xp8Qy2mTnWs" ? json("error-comments-disabled.json", 403) : json(`comment-threads-${videoId}.json`);
}

beforeEach(async () => {
  answer = youtubeApi;
  server = await startFixtureServer((request) => answer(request));
});
afterEach(() => server.close());

const collector = (options: Partial<YoutubeOptions> = {}) =>
  createYoutubeCollector({ apiKey: "test-key", baseUrl: `${server.baseUrl}/youtube/v3`, maxSearchPages: 2, ...options });
const calls = (method: string) => server.requests.filter((r) => r.url.pathname.endsWith(`/${method}`));
const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

const channel = (id: string, name: string) => ({ id, name, url: `https://www.youtube.com/channel/${id}` });
const viewer = (id: string, handle: string) => ({
  id,
  name: handle,
  url: `http://www.youtube.com/${handle}`,
  followers: null,
  location: null,
});
const base = { channel: 5, platform: "youtube", rating: null, ecommerceSource: null } as const;

const vinamilk = channel("UCfbrWtJvRZbD7bCZ4EwHQAa", "Vinamilk");
const tinhte = channel("UCmMnXnnpTJgK6kp0vNqyVLg", "Tinh tế");
const vietjet = channel("UC2H1pN7jZs0qmXo3Z4hI1bg", "Vietjet Air");
const owner = (c: typeof vinamilk) => ({ ...c, followers: null, location: null });

const videos: CollectedDocument[] = [
  {
    ...base,
    externalId: "q3vBFLn0ZkA",
    url: "https://www.youtube.com/watch?v=q3vBFLn0ZkA",
    mentionType: 0,
    parentExternalId: null,
    title: "Vinamilk | Sữa tươi 100% – Vươn cao Việt Nam 2025",
    content: "Cùng Vinamilk vươn cao Việt Nam.\nSữa tươi 100% từ trang trại chuẩn quốc tế. #Vinamilk #VuonCaoVietNam",
    publishedAt: new Date("2025-11-21T01:30:00Z"),
    source: vinamilk,
    author: owner(vinamilk),
    metrics: { likes: 2310, shares: 0, comments: 87, views: 152340 },
    hashtags: ["Vinamilk", "VuonCaoVietNam"],
  },
  {
    ...base,
    externalId: "Xp8Qy2mTnWs",
    url: "https://www.youtube.com/watch?v=Xp8Qy2mTnWs",
    mentionType: 0,
    parentExternalId: null,
    title: "Trải nghiệm 5G Viettel: tốc độ thực tế tại Hà Nội",
    content: "Đo tốc độ mạng 5G của Viettel ở 10 điểm khác nhau.",
    publishedAt: new Date("2025-11-20T14:05:00Z"),
    source: tinhte,
    author: owner(tinhte),
    // likes hidden and comments disabled: the statistics omit them
    metrics: { likes: 0, shares: 0, comments: 0, views: 48211 },
    hashtags: [],
  },
  {
    ...base,
    externalId: "jK4r7Lw1dVo",
    url: "https://www.youtube.com/watch?v=jK4r7Lw1dVo",
    mentionType: 0,
    parentExternalId: null,
    title: "Vietjet khai trương đường bay Hà Nội – Bali",
    // empty description: the title stands in
    content: "Vietjet khai trương đường bay Hà Nội – Bali",
    publishedAt: new Date("2025-11-20T09:00:00Z"),
    source: vietjet,
    author: owner(vietjet),
    metrics: { likes: 120, shares: 0, comments: 4, views: 9050 },
    hashtags: [],
  },
];

const comments: CollectedDocument[] = [
  {
    ...base,
    externalId: "UgzVnm1kQ8pL2xR4sT6uAaABAg",
    url: "https://www.youtube.com/watch?v=q3vBFLn0ZkA&lc=UgzVnm1kQ8pL2xR4sT6uAaABAg",
    mentionType: 1,
    parentExternalId: "q3vBFLn0ZkA",
    title: null,
    content: "Sữa Vinamilk nhà mình uống từ bé tới giờ, con mình rất thích 😍",
    publishedAt: new Date("2025-11-21T02:10:00Z"),
    source: vinamilk,
    author: viewer("UCa1B2c3D4e5F6g7H8i9J0kL", "@thuhuong1989"),
    metrics: { likes: 14, shares: 0, comments: 1, views: 0 },
    hashtags: [],
  },
  {
    ...base,
    externalId: "UgzVnm1kQ8pL2xR4sT6uAaABAg.9zQ1rS2tU3v9zQ4wX5yZ6a",
    url: "https://www.youtube.com/watch?v=q3vBFLn0ZkA&lc=UgzVnm1kQ8pL2xR4sT6uAaABAg.9zQ1rS2tU3v9zQ4wX5yZ6a",
    mentionType: 2,
    parentExternalId: "UgzVnm1kQ8pL2xR4sT6uAaABAg",
    title: null,
    content: "Cảm ơn chị đã tin dùng Vinamilk ạ!",
    publishedAt: new Date("2025-11-21T02:40:00Z"),
    source: vinamilk,
    author: viewer("UCfbrWtJvRZbD7bCZ4EwHQAa", "@Vinamilk"),
    metrics: { likes: 3, shares: 0, comments: 0, views: 0 },
    hashtags: [],
  },
  {
    ...base,
    externalId: "UgxWq2rS4tU6vW8xY0zAbCdEfG",
    url: "https://www.youtube.com/watch?v=q3vBFLn0ZkA&lc=UgxWq2rS4tU6vW8xY0zAbCdEfG",
    mentionType: 1,
    parentExternalId: "q3vBFLn0ZkA",
    title: null,
    content: "Giá sữa dạo này tăng quá, mong Vinamilk có thêm khuyến mãi",
    publishedAt: new Date("2025-11-21T01:55:00Z"),
    source: vinamilk,
    author: viewer("UCm9N8b7V6c5X4z3L2k1J0hG", "@quangminh.tran"),
    metrics: { likes: 2, shares: 0, comments: 0, views: 0 },
    hashtags: [],
  },
  {
    ...base,
    externalId: "UgyBali7hT9kLmN3pQ5rS7tUvW",
    url: "https://www.youtube.com/watch?v=jK4r7Lw1dVo&lc=UgyBali7hT9kLmN3pQ5rS7tUvW",
    mentionType: 1,
    parentExternalId: "jK4r7Lw1dVo",
    title: null,
    content: "Vietjet delay 3 tiếng mà không thông báo gì 😡 #vietjet",
    publishedAt: new Date("2025-11-20T22:45:00Z"),
    source: vietjet,
    author: viewer("UCq1W2e3R4t5Y6u7I8o9P0aS", "@ducanh.ng"),
    metrics: { likes: 31, shares: 0, comments: 0, views: 0 },
    hashtags: ["vietjet"],
  },
];

describe("YouTube Data API v3", () => {
  it("searches, fetches statistics, then comments and replies, the same every time", async () => {
    const { http } = testHttpClient();
    const result = await collector().poll({ now, http, keywords }, null);
    expect(result.error).toBeNull();
    expect(result.documents).toEqual([...videos, ...comments]);
    const again = await collector().poll({ now, http, keywords }, null);
    expect(again.documents).toEqual(result.documents);
  });

  it("sends the documented parameters", async () => {
    await collector().poll({ now, http: testHttpClient().http, keywords }, null);
    expect(Object.fromEntries(calls("search")[0].url.searchParams)).toEqual({
      part: "snippet",
      type: "video",
      q: 'Vinamilk|Viettel|"Vietjet Air"',
      order: "date",
      publishedAfter: "2025-11-20T03:00:00.000Z",
      regionCode: "VN",
      relevanceLanguage: "vi",
      maxResults: "50",
      key: "test-key",
    });
    expect(calls("search")[1].url.searchParams.get("pageToken")).toBe("CAIQAA");
    expect(Object.fromEntries(calls("videos")[0].url.searchParams)).toEqual({
      part: "snippet,statistics",
      id: "q3vBFLn0ZkA,Xp8Qy2mTnWs,jK4r7Lw1dVo",
      maxResults: "50",
      key: "test-key",
    });
    expect(Object.fromEntries(calls("commentThreads")[0].url.searchParams)).toEqual({
      part: "snippet,replies",
      videoId: "q3vBFLn0ZkA",
      maxResults: "100",
      order: "time",
      textFormat: "plainText",
      key: "test-key",
    });
  });

  it("skips a video whose comments are disabled and keeps following the others", async () => {
    const result = await collector().poll({ now, http: testHttpClient().http, keywords }, null);
    expect(result.state.videos).toEqual({
      q3vBFLn0ZkA: {
        channelId: vinamilk.id,
        channelTitle: "Vinamilk",
        publishedAt: "2025-11-21T01:30:00Z",
        commentsSeenUntil: "2025-11-21T02:40:00.000Z",
        followComments: true,
      },
      Xp8Qy2mTnWs: {
        channelId: tinhte.id,
        channelTitle: "Tinh tế",
        publishedAt: "2025-11-20T14:05:00Z",
        commentsSeenUntil: null,
        followComments: false,
      },
      jK4r7Lw1dVo: {
        channelId: vietjet.id,
        channelTitle: "Vietjet Air",
        publishedAt: "2025-11-20T09:00:00Z",
        commentsSeenUntil: "2025-11-20T22:45:00.000Z",
        followComments: true,
      },
    });
    expect(result.state.quota).toEqual({ day: "2025-11-20", used: 100 + 100 + 1 + 3 });
  });

  it("emits nothing twice: the next round finds no new video or comment", async () => {
    const { http } = testHttpClient();
    const first = await collector().poll({ now, http, keywords }, null);
    const second = await collector().poll({ now: later(15), http, keywords }, first.state);
    expect(second.error).toBeNull();
    expect(second.documents).toEqual([]);
    expect(calls("search").at(-1)!.url.searchParams.get("publishedAfter")).toBe("2025-11-21T01:30:00Z");
  });

  it("emits only comments newer than those already seen on a followed video", async () => {
    const { http } = testHttpClient();
    const first = await collector().poll({ now, http, keywords }, null);
    const threads = JSON.parse(readFixture("youtube/comment-threads-q3vBFLn0ZkA.json").toString("utf8"));
    const newThread = structuredClone(threads.items[1]);
    newThread.id = newThread.snippet.topLevelComment.id = "UgwNewCommentAbc123";
    newThread.snippet.topLevelComment.snippet.textOriginal = "Vinamilk có bán ở Đà Nẵng không ạ?";
    newThread.snippet.topLevelComment.snippet.publishedAt = "2025-11-21T03:05:00Z";
    answer = (request) =>
      request.url.searchParams.get("videoId") === "q3vBFLn0ZkA"
        ? { headers: { "content-type": "application/json" }, body: JSON.stringify({ ...threads, items: [newThread, ...threads.items] }) }
        : youtubeApi(request);
    const second = await collector().poll({ now: later(15), http, keywords }, first.state);
    expect(second.documents.map((d) => [d.externalId, d.content])).toEqual([["UgwNewCommentAbc123", "Vinamilk có bán ở Đà Nẵng không ạ?"]]);
    expect(second.state.videos.q3vBFLn0ZkA.commentsSeenUntil).toBe("2025-11-21T03:05:00.000Z");
  });

  it("continues a long result list next round from the saved page token", async () => {
    const { http } = testHttpClient();
    const first = await collector({ maxSearchPages: 1 }).poll({ now, http, keywords }, null);
    expect(first.documents.filter((d) => d.mentionType === 0).map((d) => d.externalId)).toEqual(["q3vBFLn0ZkA", "Xp8Qy2mTnWs"]);
    expect(first.state.searches[youtubeQuery(keywords)]).toMatchObject({ publishedAfter: "2025-11-20T03:00:00.000Z", pageToken: "CAIQAA" });

    const second = await collector({ maxSearchPages: 1 }).poll({ now: later(15), http, keywords }, first.state);
    expect(second.documents.filter((d) => d.mentionType === 0).map((d) => d.externalId)).toEqual(["jK4r7Lw1dVo"]);
    expect(second.state.searches[youtubeQuery(keywords)]).toMatchObject({
      publishedAfter: "2025-11-21T01:30:00Z",
      pageToken: null,
      newestSeen: null,
    });
  });

  it("stops cleanly before exceeding the daily budget, keeps found videos, and resumes after midnight Pacific Time", async () => {
    const { http } = testHttpClient();
    const first = await collector({ dailyQuota: 200 }).poll({ now, http, keywords }, null);
    expect(first.documents).toEqual([]);
    expect(first.error).toEqual({ kind: "quota", message: expect.stringContaining("daily budget of 200 units") });
    expect(first.state.quota).toEqual({ day: "2025-11-20", used: 200 });
    expect(first.state.pendingVideoIds).toEqual(["q3vBFLn0ZkA", "Xp8Qy2mTnWs", "jK4r7Lw1dVo"]);
    expect(calls("videos")).toHaveLength(0);

    const sameDay = await collector({ dailyQuota: 200 }).poll({ now: new Date("2025-11-21T07:59:00Z"), http, keywords }, first.state);
    expect(sameDay.error?.kind).toBe("quota");
    expect(server.requests).toHaveLength(2);

    const nextDay = await collector({ dailyQuota: 200, maxSearchPages: 0 }).poll(
      { now: new Date("2025-11-21T08:00:00Z"), http, keywords },
      sameDay.state,
    );
    expect(nextDay.error).toBeNull();
    expect(nextDay.documents).toEqual([...videos, ...comments]);
    expect(nextDay.state.quota).toEqual({ day: "2025-11-21", used: 4 });
  });

  it("takes the API's quotaExceeded as the day's budget spent", async () => {
    answer = () => json("error-quota-exceeded.json", 403);
    const result = await collector().poll({ now, http: testHttpClient().http, keywords }, null);
    expect(result.error).toEqual({
      kind: "quota",
      message: "403 quotaExceeded: The request cannot be completed because you have exceeded your quota.",
    });
    expect(result.state.quota.used).toBe(10_000);
    expect(server.requests).toHaveLength(1);
  });

  it("reports a 400 with the API's message, and invalid JSON as malformed", async () => {
    answer = () => json("error-bad-request.json", 400);
    const bad = await collector().poll({ now, http: testHttpClient().http, keywords }, null);
    expect(bad.error).toEqual({ kind: "client", message: "400 badRequest: API key not valid. Please pass a valid API key." });

    answer = () => ({ headers: { "content-type": "application/json" }, body: '{"kind": "youtube#searchListResponse", "items": [' });
    const broken = await collector().poll({ now, http: testHttpClient().http, keywords }, null);
    expect(broken.error).toEqual({ kind: "malformed", message: "YouTube answered with invalid JSON" });

    answer = () => ({ headers: { "content-type": "application/json" }, body: '{"items": [{"id": "not-an-object"}]}' });
    const wrongShape = await collector().poll({ now, http: testHttpClient().http, keywords }, null);
    expect(wrongShape.error?.kind).toBe("malformed");
  });

  it("reports a 429 after retrying with Retry-After, and a 5xx after retries", async () => {
    let attempt = 0;
    answer = (request) => (++attempt === 1 ? { status: 429, headers: { "retry-after": "2" } } : youtubeApi(request));
    const { http, time } = testHttpClient();
    const recovered = await collector().poll({ now, http, keywords }, null);
    expect(recovered.error).toBeNull();
    expect(time.sleeps).toContain(2_000);

    answer = () => ({ status: 500 });
    const failed = await collector().poll({ now, http: testHttpClient({ maxAttempts: 2 }).http, keywords }, null);
    expect(failed.error?.kind).toBe("server");
  });

  it("without keywords only follows the comments of known videos", async () => {
    const { http } = testHttpClient();
    const first = await collector().poll({ now, http, keywords }, null);
    const before = server.requests.length;
    const second = await collector().poll({ now: later(15), http }, first.state);
    expect(second.error).toBeNull();
    expect(server.requests.slice(before).map((r) => r.url.pathname)).toEqual(["/youtube/v3/commentThreads", "/youtube/v3/commentThreads"]);
  });
});
