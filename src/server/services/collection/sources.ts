import { readFileSync } from "node:fs";
import {
  createAppStoreCollector,
  createGoogleNewsCollector,
  createNewsCollectors,
  createYoutubeCollector,
  DEFAULT_NEWS_FEEDS,
  parseNewsFeeds,
  type Collector,
} from "../../collectors/index.ts";

// The composition root builds the collectors' one polite HTTP client here, so it reaches the collectors through collection.
export { createHttpClient, type HttpClient } from "../../collectors/index.ts";
import type { Config } from "../../config.ts";

const MINUTE = 60_000;

/** A configured source: its collector, how often it is polled, and whether it searches by the projects' keywords. */
export type Source = { collector: Collector<unknown>; everyMs: number; byKeywords: boolean };

/** Every source the configuration enables: the news feeds (editable file), Google News, YouTube with a key, App Store apps. */
export function configuredSources(config: Config["collect"]): Source[] {
  const feeds = config.newsFeedsFile ? parseNewsFeeds(JSON.parse(readFileSync(config.newsFeedsFile, "utf8"))) : DEFAULT_NEWS_FEEDS;
  const sources: Source[] = createNewsCollectors(feeds).map((collector) => ({
    collector: collector as Collector<unknown>,
    everyMs: 10 * MINUTE,
    byKeywords: false,
  }));
  sources.push({
    collector: createGoogleNewsCollector({ baseUrl: config.googleNewsUrl }) as Collector<unknown>,
    everyMs: 15 * MINUTE,
    byKeywords: true,
  });
  if (config.youtubeApiKey) {
    sources.push({
      collector: createYoutubeCollector({
        apiKey: config.youtubeApiKey,
        dailyQuota: config.youtubeDailyQuota,
        baseUrl: config.youtubeApiUrl,
      }) as Collector<unknown>,
      everyMs: 60 * MINUTE,
      byKeywords: true,
    });
  }
  for (const app of config.appStoreApps) {
    sources.push({
      collector: createAppStoreCollector({ ...app, baseUrl: config.appStoreUrl }) as Collector<unknown>,
      everyMs: 6 * 60 * MINUTE,
      byKeywords: false,
    });
  }
  return sources;
}
