import { parseReporting } from "./errors";
import { parseFeed } from "./feed-parser";
import { extractHashtags } from "./hashtags";
import { statusError } from "./http";
import { searchTerms } from "./search-query";
import { rememberSeen, unseenEntries, type LinkedEntry } from "./seen-ids";
import type { Collector, PollResult } from "./types";
import type { CollectedDocument } from "../services/ingest/collected-document.ts";
import { CHANNEL_ID } from "../../shared/channels.ts";

const GOOGLE_NEWS_BASE_URL = "https://news.google.com";

type GoogleNewsOptions = {
  baseUrl?: string;
  /** Minimum time between two polls of the same query. */
  minIntervalMs?: number;
};

/** Per query (the string sent as q): when it was last fetched and the guids already emitted. */
type GoogleNewsState = {
  queries: Record<string, { lastPolledAt: string; seen: string[] }>;
};

// A keyword set that nobody polls any more is forgotten after a week.
const FORGET_QUERY_AFTER_MS = 7 * 24 * 3600_000;

/** Google News search as RSS; the keyword set comes from each round's context. */
export function createGoogleNewsCollector(options: GoogleNewsOptions = {}): Collector<GoogleNewsState> {
  const baseUrl = options.baseUrl ?? GOOGLE_NEWS_BASE_URL;
  const minIntervalMs = options.minIntervalMs ?? 60_000;
  return {
    id: "google-news:search",
    async poll(ctx, previous): Promise<PollResult<GoogleNewsState>> {
      const state = forgetStale(previous ?? { queries: {} }, ctx.now);
      const query = googleNewsQuery(ctx.keywords);
      if (!query) return { documents: [], state, error: null };
      const known = state.queries[query];
      const nextAllowed = known ? Date.parse(known.lastPolledAt) + minIntervalMs : 0;
      if (ctx.now.getTime() < nextAllowed) {
        const message = `query "${query}" polled less than ${minIntervalMs / 1000} s ago; next at ${new Date(nextAllowed).toISOString()}`;
        return { documents: [], state, error: { kind: "rate_limited", message } };
      }
      const polled = { ...state, queries: { ...state.queries, [query]: { lastPolledAt: ctx.now.toISOString(), seen: known?.seen ?? [] } } };
      const result = await ctx.http.get({
        url: searchUrl(baseUrl, query),
        accept: "application/rss+xml, application/xml;q=0.9, */*;q=0.1",
      });
      if (!result.ok) return { documents: [], state: polled, error: result.error };
      if (result.response.status !== 200) return { documents: [], state: polled, error: statusError(result.response) };
      const parse = parseReporting(() => parseFeed(result.response.text(), result.response.url));
      if (!parse.ok) return { documents: [], state: polled, error: parse.error };

      const seen = known?.seen ?? [];
      const fresh = unseenEntries(parse.value.entries, seen);
      const documents = fresh.entries.map((entry) => googleNewsDocument(entry, ctx.now));
      const queries = { ...polled.queries, [query]: { lastPolledAt: ctx.now.toISOString(), seen: rememberSeen(seen, fresh.keys) } };
      return { documents, state: { queries }, error: null };
    },
  };
}

/** `Vinamilk OR "sữa tươi"`: phrases quoted, joined with Google's OR. */
export function googleNewsQuery(keywords: readonly string[] | undefined): string {
  return searchTerms(keywords).join(" OR ");
}

function searchUrl(baseUrl: string, query: string): string {
  const params = new URLSearchParams({ q: query, hl: "vi", gl: "VN", ceid: "VN:vi" });
  return `${baseUrl}/rss/search?${params}`;
}

function forgetStale(state: GoogleNewsState, now: Date): GoogleNewsState {
  const queries = Object.entries(state.queries).filter(([, q]) => now.getTime() - Date.parse(q.lastPolledAt) < FORGET_QUERY_AFTER_MS);
  return { queries: Object.fromEntries(queries) };
}

/**
 * Google News items carry no article text (the description repeats the title and the publisher), so the
 * title is also the content; the link is Google's redirect to the article.
 */
function googleNewsDocument(entry: LinkedEntry, now: Date): CollectedDocument {
  const sourceName = entry.source?.name || null;
  const sourceUrl = entry.source?.url ?? null;
  const site = sourceUrl ? new URL(sourceUrl).hostname.replace(/^www\./, "") : null;
  const title = entry.title && sourceName ? stripSuffix(entry.title, ` - ${sourceName}`) : entry.title;
  const date = entry.publishedAt && entry.publishedAt.getTime() <= now.getTime() ? entry.publishedAt : now;
  return {
    channel: CHANNEL_ID.news,
    platform: site ?? "news.google.com",
    externalId: entry.id,
    url: entry.link,
    mentionType: 0,
    parentExternalId: null,
    title,
    content: title ?? entry.content,
    publishedAt: date,
    source: { id: site, name: sourceName ?? site ?? "Google News", url: sourceUrl },
    author: null,
    metrics: { likes: 0, shares: 0, comments: 0, views: 0 },
    rating: null,
    ecommerceSource: null,
    hashtags: extractHashtags(title),
  };
}

function stripSuffix(text: string, suffix: string): string {
  return text.endsWith(suffix) && text.length > suffix.length ? text.slice(0, -suffix.length) : text;
}
