// The collectors' public surface: services/collection, which schedules and runs them, imports from here only.
export type { Collector } from "./types";
export type { CollectorError } from "./errors";
export { createHttpClient, type HttpClient } from "./http";
export { createRssCollector } from "./rss";
export { createNewsCollectors, DEFAULT_NEWS_FEEDS, parseNewsFeeds } from "./news-feeds";
export { createGoogleNewsCollector } from "./google-news";
export { createYoutubeCollector } from "./youtube";
export { createAppStoreCollector } from "./app-store";
