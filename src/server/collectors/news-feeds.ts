import { type } from "arktype";
import defaults from "./news-feeds.json" with { type: "json" };
import { createRssCollector, type NewsFeed, type RssState } from "./rss";
import type { Collector } from "./types";
import { CHANNEL_ID } from "../../shared/channels.ts";

const NewsFeedList = type({
  id: /^[a-z0-9][a-z0-9-]*$/,
  name: "string > 0",
  site: /^[a-z0-9.-]+\.[a-z]{2,}$/,
  url: /^https?:\/\/\S+$/,
  channel: type.enumerated(CHANNEL_ID.news, CHANNEL_ID.paper),
  enabled: "boolean",
}).array();

/** Validates a feed list (news-feeds.json or an operator's own), rejecting duplicate ids. */
export function parseNewsFeeds(data: unknown): NewsFeed[] {
  const feeds = NewsFeedList(data);
  if (feeds instanceof type.errors) throw new Error(`Invalid news feed list: ${feeds.summary}`);
  const duplicate = feeds.find((feed, i) => feeds.findIndex((other) => other.id === feed.id) !== i);
  if (duplicate) throw new Error(`Invalid news feed list: duplicate id "${duplicate.id}"`);
  return feeds;
}

export const DEFAULT_NEWS_FEEDS: readonly NewsFeed[] = parseNewsFeeds(defaults);

export function createNewsCollectors(feeds: readonly NewsFeed[] = DEFAULT_NEWS_FEEDS): Collector<RssState>[] {
  return feeds.filter((feed) => feed.enabled).map(createRssCollector);
}
