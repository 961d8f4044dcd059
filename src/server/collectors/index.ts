// The collectors' public surface: the job layer imports from here only.
export type { Collector } from "./types";
export { createHttpClient, type HttpClient } from "./http";
export { createRssCollector } from "./rss";
export { createNewsCollectors, DEFAULT_NEWS_FEEDS, parseNewsFeeds } from "./news-feeds";
export { createGoogleNewsCollector } from "./google-news";
export { createYoutubeCollector } from "./youtube";
export { createAppStoreCollector } from "./app-store";
