// The collectors' public surface: the job layer imports from here only.
export type { CollectedDocument, Collector, CollectorError, CollectorErrorKind, PollContext, PollResult } from "./types";
export { createHttpClient, DEFAULT_USER_AGENT, type HttpClient, type HttpClientOptions } from "./http";
export { createRssCollector, type NewsFeed, type RssState } from "./rss";
export { createNewsCollectors, DEFAULT_NEWS_FEEDS, parseNewsFeeds } from "./news-feeds";
export { createGoogleNewsCollector, type GoogleNewsOptions, type GoogleNewsState } from "./google-news";
export { createYoutubeCollector, type YoutubeOptions, type YoutubeState } from "./youtube";
export { createAppStoreCollector, type AppStoreOptions, type AppStoreState } from "./app-store";
