import { type } from "arktype";
import { parseFeedDate } from "./feed-date";
import { extractHashtags } from "./hashtags";
import { statusError } from "./http";
import { plainText } from "./html-text";
import type { CollectorError } from "./errors";
import type { Collector, PollResult } from "./types";
import type { CollectedDocument } from "../services/ingest/collected-document.ts";
import { CHANNEL_ID } from "../../shared/channels.ts";

const ITUNES_BASE_URL = "https://itunes.apple.com";

export type AppStoreOptions = {
  appId: string;
  /** The app's display name, the documents' source name (the feed names the app only in some responses). */
  appName: string;
  /** Storefront, two-letter country code. */
  country?: string;
  baseUrl?: string;
  /** The feed serves at most 10 pages of 50 reviews. */
  maxPages?: number;
};

/** The newest review date emitted, and the ids emitted with exactly that date (several reviews can share a second). */
type AppStoreState = { newestAt: string | null; newestIds: string[] };

const Label = type({ label: "string" });
// `id` is required so that an array never passes for a single entry (an object whose keys are all optional).
const Entry = type({
  id: Label,
  "author?": { "name?": Label, "uri?": Label },
  "updated?": Label,
  "im:rating?": Label,
  "im:voteSum?": Label,
  "title?": Label,
  "content?": Label,
});
type Entry = typeof Entry.infer;
const Link = type({ attributes: { "rel?": "string", "href?": "string" } });
const CustomerReviews = type({
  feed: { "entry?": Entry.or(Entry.array()), "link?": Link.or(Link.array()) },
});

type Review = { id: string; rating: number; updated: Date; entry: Entry };

/** App Store customer reviews from the iTunes RSS JSON feed, most recent first, stopping at reviews already seen. */
export function createAppStoreCollector(options: AppStoreOptions): Collector<AppStoreState> {
  const country = options.country ?? "vn";
  const baseUrl = options.baseUrl ?? ITUNES_BASE_URL;
  const maxPages = options.maxPages ?? 10;
  const appId = encodeURIComponent(options.appId);
  const pageUrl = (page: number) => `${baseUrl}/${country}/rss/customerreviews/page=${page}/id=${appId}/sortby=mostrecent/json`;

  return {
    id: `appstore:${options.appId}`,
    async poll(ctx, previous): Promise<PollResult<AppStoreState>> {
      const state = previous ?? { newestAt: null, newestIds: [] };
      const newestAt = state.newestAt ? Date.parse(state.newestAt) : null;
      const reviews: Review[] = [];
      const app = { id: options.appId, name: options.appName, country };
      // On an error the state is kept, so the reviews of the failed pages are not skipped next round.
      const failed = (error: CollectorError) => ({ documents: reviews.map((r) => reviewDocument(r, app)), state, error });

      for (let page = 1, lastPage = maxPages; page <= lastPage; page++) {
        const result = await ctx.http.get({ url: pageUrl(page), accept: "application/json" });
        if (!result.ok) return failed(result.error);
        if (result.response.status !== 200) return failed(statusError(result.response));
        const parsed = parsePage(result.response.text());
        if ("error" in parsed) return failed(parsed.error);
        lastPage = Math.min(lastPage, parsed.lastPage ?? lastPage);
        let reachedSeen = false;
        for (const review of parsed.reviews) {
          const time = review.updated.getTime();
          const seen = newestAt !== null && (time < newestAt || (time === newestAt && state.newestIds.includes(review.id)));
          if (seen) reachedSeen = true;
          else reviews.push(review);
        }
        if (reachedSeen || parsed.reviews.length === 0) break;
      }
      return { documents: reviews.map((r) => reviewDocument(r, app)), state: advance(state, reviews), error: null };
    },
  };
}

function advance(state: AppStoreState, reviews: Review[]): AppStoreState {
  const newest = Math.max(state.newestAt ? Date.parse(state.newestAt) : -Infinity, ...reviews.map((r) => r.updated.getTime()));
  if (newest === -Infinity) return state;
  const newestAt = new Date(newest).toISOString();
  const ids = reviews.filter((r) => r.updated.getTime() === newest).map((r) => r.id);
  return { newestAt, newestIds: newestAt === state.newestAt ? [...state.newestIds, ...ids] : ids };
}

type Page = { reviews: Review[]; lastPage: number | null };

function parsePage(text: string): Page | { error: CollectorError } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { error: { kind: "malformed", message: "App Store answered with invalid JSON" } };
  }
  const body = CustomerReviews(json);
  if (body instanceof type.errors) return { error: { kind: "malformed", message: `unexpected App Store feed: ${body.summary}` } };
  const entries = [body.feed.entry ?? []].flat();
  const links = [body.feed.link ?? []].flat();
  const last = links.find((l) => l.attributes.rel === "last")?.attributes.href?.match(/\/page=(\d+)\//)?.[1];
  const reviews: Review[] = [];
  for (const entry of entries) {
    const rating = Number(entry["im:rating"]?.label);
    const updated = parseFeedDate(entry.updated?.label);
    // Entries without a rating describe the app itself (some responses list it first).
    if (!updated || !(rating >= 1 && rating <= 5)) continue;
    reviews.push({ id: entry.id.label, rating: Math.round(rating), updated, entry });
  }
  return { reviews, lastPage: last ? Number(last) : null };
}

function reviewDocument(review: Review, app: { id: string; name: string; country: string }): CollectedDocument {
  const { entry } = review;
  const title = plainText(entry.title?.label ?? "") || null;
  const content = plainText(entry.content?.label ?? "");
  const appUrl = `https://apps.apple.com/${app.country}/app/id${app.id}`;
  const votes = Number(entry["im:voteSum"]?.label);
  return {
    channel: CHANNEL_ID["review-app"],
    platform: "app-store",
    externalId: review.id,
    url: `${appUrl}?see-all=reviews`,
    mentionType: 0,
    parentExternalId: null,
    title,
    content: content || title || "",
    publishedAt: review.updated,
    source: { id: app.id, name: app.name, url: appUrl },
    author: entry.author?.name ? reviewer(entry.author.name.label, entry.author.uri?.label ?? null) : null,
    metrics: { likes: Number.isInteger(votes) && votes > 0 ? votes : 0, shares: 0, comments: 0, views: 0 },
    rating: review.rating,
    ecommerceSource: null,
    hashtags: extractHashtags(title, content),
  };
}

/** The reviewer's profile URI ends with their numeric id: https://itunes.apple.com/vn/reviews/id1357924680. */
function reviewer(name: string, uri: string | null): CollectedDocument["author"] {
  return { id: uri?.match(/\/id(\d+)$/)?.[1] ?? null, name: plainText(name), url: uri, followers: null, location: null };
}
