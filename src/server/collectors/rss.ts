import { parseReporting } from "./errors";
import { parseFeed, type FeedEntry } from "./feed-parser";
import { extractHashtags } from "./hashtags";
import { statusError } from "./http";
import { rememberSeen, unseenEntries, type LinkedEntry } from "./seen-ids";
import type { Collector, PollResult } from "./types";
import type { CollectedDocument } from "../services/ingest/collected-document.ts";
import type { CHANNEL_ID } from "../../shared/channels.ts";

/** One entry of news-feeds.json. */
export type NewsFeed = {
  id: string;
  /** The publication, e.g. "VnExpress". */
  name: string;
  /** The publication's domain, e.g. "vnexpress.net": the document's platform and source id. */
  site: string;
  url: string;
  /** News, or Paper (print edition). */
  channel: typeof CHANNEL_ID.news | typeof CHANNEL_ID.paper;
  enabled: boolean;
};

export type RssState = {
  etag: string | null;
  lastModified: string | null;
  /** Dedup keys (guid, else link) already emitted, newest first. */
  seen: string[];
};

const FEED_ACCEPT =
  "application/rss+xml, application/atom+xml, application/rdf+xml;q=0.9, application/xml;q=0.8, text/xml;q=0.8, */*;q=0.1";

export function createRssCollector(feed: NewsFeed): Collector<RssState> {
  return {
    id: `rss:${feed.id}`,
    async poll(ctx, previous): Promise<PollResult<RssState>> {
      const state = previous ?? { etag: null, lastModified: null, seen: [] };
      const unchanged = (error: PollResult<RssState>["error"]) => ({ documents: [], state, error });
      const result = await ctx.http.get({ url: feed.url, accept: FEED_ACCEPT, validators: state });
      if (!result.ok) return unchanged(result.error);
      const { response } = result;
      if (response.status === 304) return { ...unchanged(null), state: { ...state, ...response.validators }, notModified: true };
      if (response.status !== 200) return unchanged(statusError(response));
      const parse = parseReporting(() => parseFeed(response.text(), response.url));
      if (!parse.ok) return unchanged(parse.error);
      const fallbackDate = parse.value.updatedAt ?? ctx.now;
      const fresh = unseenEntries(parse.value.entries, state.seen);
      const documents = fresh.entries.map((entry) => newsDocument(feed, entry, publishedAt(entry, fallbackDate, ctx.now)));
      return { documents, state: { ...response.validators, seen: rememberSeen(state.seen, fresh.keys) }, error: null };
    },
  };
}

/**
 * An entry without a date takes the feed's own date, else the round's time; a date in the future (a feed
 * labelling Vietnam time as GMT, typically) is clamped to the round's time.
 */
function publishedAt(entry: FeedEntry, fallback: Date, now: Date): Date {
  const date = entry.publishedAt ?? fallback;
  return date.getTime() > now.getTime() ? now : date;
}

function newsDocument(feed: NewsFeed, entry: LinkedEntry, date: Date): CollectedDocument {
  return {
    channel: feed.channel,
    platform: feed.site,
    externalId: entry.id,
    url: entry.link,
    mentionType: 0,
    parentExternalId: null,
    title: entry.title,
    content: entry.content || entry.title || "",
    publishedAt: date,
    source: { id: feed.site, name: feed.name, url: `https://${feed.site}` },
    author: entry.author ? { id: null, name: entry.author, url: null, followers: null, location: null } : null,
    metrics: { likes: 0, shares: 0, comments: 0, views: 0 },
    rating: null,
    ecommerceSource: null,
    hashtags: extractHashtags(entry.title, entry.content),
  };
}
