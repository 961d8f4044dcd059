import { describe, expect, it } from "vitest";
import { createNewsCollectors, DEFAULT_NEWS_FEEDS, parseNewsFeeds } from "./news-feeds";

describe("news feed list", () => {
  it("has at least 20 valid https feeds with unique ids covering the major Vietnamese publishers", () => {
    expect(DEFAULT_NEWS_FEEDS.length).toBeGreaterThanOrEqual(20);
    expect(new Set(DEFAULT_NEWS_FEEDS.map((f) => f.id)).size).toBe(DEFAULT_NEWS_FEEDS.length);
    for (const feed of DEFAULT_NEWS_FEEDS) expect(feed.url).toMatch(/^https:\/\//);
    const names = new Set(DEFAULT_NEWS_FEEDS.map((f) => f.name));
    for (const name of [
      "VnExpress",
      "Tuổi Trẻ",
      "Thanh Niên",
      "Dân Trí",
      "VietnamNet",
      "Znews",
      "CafeF",
      "VnEconomy",
      "Lao Động",
      "Người Lao Động",
      "Tiền Phong",
      "VietnamPlus",
      "Pháp Luật TP.HCM",
      "Nhân Dân",
      "VTV",
      "Kenh14",
      "Soha",
      "24h",
      "Genk",
      "Vietnambiz",
    ]) {
      expect(names).toContain(name);
    }
  });

  it("creates one collector per enabled feed", () => {
    const collectors = createNewsCollectors();
    expect(collectors.map((c) => c.id)).toEqual(DEFAULT_NEWS_FEEDS.filter((f) => f.enabled).map((f) => `rss:${f.id}`));
    expect(collectors).toContainEqual(expect.objectContaining({ id: "rss:vnexpress-kinh-doanh" }));
  });

  it("rejects an invalid list with the reason", () => {
    const feed = { id: "a", name: "A", site: "a.vn", url: "https://a.vn/rss", channel: 2, enabled: true };
    expect(() => parseNewsFeeds([feed, feed])).toThrow('duplicate id "a"');
    expect(() => parseNewsFeeds([{ ...feed, channel: 5 }])).toThrow(/channel/);
    expect(() => parseNewsFeeds([{ ...feed, url: "not a url" }])).toThrow(/url/);
  });
});
