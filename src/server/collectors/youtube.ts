import type { Type } from "arktype";
import { searchTerms } from "./search-query";
import type { CollectorError } from "./errors";
import type { Collector, PollContext, PollResult } from "./types";
import type { CollectedDocument } from "../services/ingest/collected-document.ts";
import { callYoutube, CommentThreadListResponse, SearchListResponse, VideoListResponse, type ApiResult } from "./youtube-api";
import { threadDocuments, videoDocument } from "./youtube-documents";
import { currentUsage, QUOTA_COST, type QuotaUsage } from "./youtube-quota";

const YOUTUBE_BASE_URL = "https://www.googleapis.com/youtube/v3";

export type YoutubeOptions = {
  apiKey: string;
  baseUrl?: string;
  /** Units per quota day for this key. */
  dailyQuota?: number;
  /** search.list pages per round; a longer result list continues next round from the saved page token. */
  maxSearchPages?: number;
  /** commentThreads.list pages per video per round. */
  maxCommentPages?: number;
  /** How far back the first search of a keyword set looks. */
  initialLookbackMs?: number;
  /** How long after publication a video's new comments are still collected. */
  commentWindowMs?: number;
};

type YoutubeState = {
  quota: QuotaUsage;
  /** Per query (the q sent): videos published after `publishedAfter` are searched, page by page. */
  searches: Record<string, { publishedAfter: string; pageToken: string | null; newestSeen: string | null; lastPolledAt: string }>;
  /** Found by search, not yet fetched with videos.list (a round stopped by quota keeps them here). */
  pendingVideoIds: string[];
  /**
   * Videos already emitted, kept for the comment window; comments published up to `commentsSeenUntil` were
   * emitted, and a video with comments disabled or gone is no longer asked for them.
   */
  videos: Record<
    string,
    { channelId: string; channelTitle: string; publishedAt: string; commentsSeenUntil: string | null; followComments: boolean }
  >;
};

const VIDEO_BATCH = 50;
// commentThreads.list errors that concern one video only: skip it and stop asking for its comments.
const VIDEO_SKIP_REASONS = new Set(["commentsDisabled", "videoNotFound", "forbidden"]);
const FORGET_QUERY_AFTER_MS = 7 * 24 * 3600_000;

/** YouTube Data API v3: new videos for the round's keywords, then new comments and replies on followed videos. */
export function createYoutubeCollector(options: YoutubeOptions): Collector<YoutubeState> {
  const config: Required<YoutubeOptions> = {
    apiKey: options.apiKey,
    baseUrl: options.baseUrl ?? YOUTUBE_BASE_URL,
    dailyQuota: options.dailyQuota ?? 10_000,
    maxSearchPages: options.maxSearchPages ?? 1,
    maxCommentPages: options.maxCommentPages ?? 1,
    initialLookbackMs: options.initialLookbackMs ?? 24 * 3600_000,
    commentWindowMs: options.commentWindowMs ?? 7 * 24 * 3600_000,
  };

  return {
    id: "youtube:search",
    poll(ctx, previous) {
      return new YoutubeRound(ctx, startState(previous, ctx.now, config.commentWindowMs), config).run();
    },
  };
}

/** `Vinamilk|"sữa tươi"`: YouTube's q takes '|' as OR. */
export function youtubeQuery(keywords: readonly string[] | undefined): string {
  return searchTerms(keywords).join("|");
}

function startState(previous: YoutubeState | null, now: Date, commentWindowMs: number): YoutubeState {
  const state = structuredClone(previous) ?? { quota: currentUsage(undefined, now), searches: {}, pendingVideoIds: [], videos: {} };
  const recent = (iso: string, windowMs: number) => now.getTime() - Date.parse(iso) < windowMs;
  return {
    quota: currentUsage(state.quota, now),
    searches: Object.fromEntries(Object.entries(state.searches).filter(([, s]) => recent(s.lastPolledAt, FORGET_QUERY_AFTER_MS))),
    pendingVideoIds: state.pendingVideoIds,
    videos: Object.fromEntries(Object.entries(state.videos).filter(([, v]) => recent(v.publishedAt, commentWindowMs))),
  };
}

type Stop = { error: CollectorError };

/** One polling round; it mutates its own copy of the state as progress is made, so any stop keeps that progress. */
class YoutubeRound {
  private readonly documents: CollectedDocument[] = [];

  constructor(
    private readonly ctx: PollContext,
    private readonly state: YoutubeState,
    private readonly config: Required<YoutubeOptions>,
  ) {}

  async run(): Promise<PollResult<YoutubeState>> {
    const stop = (await this.search()) ?? (await this.fetchPendingVideos()) ?? (await this.collectComments());
    return { documents: this.documents, state: this.state, error: stop?.error ?? null };
  }

  private async search(): Promise<Stop | null> {
    const query = youtubeQuery(this.ctx.keywords);
    if (!query) return null;
    const now = this.ctx.now;
    const search = this.state.searches[query] ?? {
      publishedAfter: new Date(now.getTime() - this.config.initialLookbackMs).toISOString(),
      pageToken: null,
      newestSeen: null,
      lastPolledAt: now.toISOString(),
    };
    this.state.searches[query] = search;
    search.lastPolledAt = now.toISOString();
    for (let page = 0; page < this.config.maxSearchPages; page++) {
      const params: Record<string, string> = {
        part: "snippet",
        type: "video",
        q: query,
        order: "date",
        publishedAfter: search.publishedAfter,
        regionCode: "VN",
        relevanceLanguage: "vi",
        maxResults: "50",
      };
      if (search.pageToken) params.pageToken = search.pageToken;
      const result = await this.call(QUOTA_COST.search, "search", params, SearchListResponse);
      if (!result.ok) return result;
      for (const item of result.body.items) {
        const id = item.id.videoId;
        if (id && !this.state.videos[id] && !this.state.pendingVideoIds.includes(id)) this.state.pendingVideoIds.push(id);
        const published = item.snippet?.publishedAt;
        if (published && (!search.newestSeen || published > search.newestSeen)) search.newestSeen = published;
      }
      if (result.body.nextPageToken && result.body.items.length > 0) {
        search.pageToken = result.body.nextPageToken;
        continue;
      }
      // The listing is complete: the next search starts from the newest video it contained.
      search.publishedAfter = search.newestSeen ?? search.publishedAfter;
      search.pageToken = null;
      search.newestSeen = null;
      break;
    }
    return null;
  }

  private async fetchPendingVideos(): Promise<Stop | null> {
    while (this.state.pendingVideoIds.length > 0) {
      const batch = this.state.pendingVideoIds.slice(0, VIDEO_BATCH);
      const params = { part: "snippet,statistics", id: batch.join(","), maxResults: String(VIDEO_BATCH) };
      const result = await this.call(QUOTA_COST.videos, "videos", params, VideoListResponse);
      if (!result.ok) return result;
      for (const video of result.body.items) {
        this.documents.push(videoDocument(video));
        const { channelId, channelTitle, publishedAt } = video.snippet;
        const channel = { channelId, channelTitle: channelTitle ?? channelId };
        this.state.videos[video.id] = { ...channel, publishedAt, commentsSeenUntil: null, followComments: true };
      }
      this.state.pendingVideoIds = this.state.pendingVideoIds.slice(batch.length);
    }
    return null;
  }

  private async collectComments(): Promise<Stop | null> {
    const followed = Object.entries(this.state.videos).filter(([, video]) => video.followComments);
    const newestFirst = followed.sort(([, a], [, b]) => b.publishedAt.localeCompare(a.publishedAt));
    for (const [videoId, video] of newestFirst) {
      const seenUntil = video.commentsSeenUntil ? new Date(video.commentsSeenUntil) : null;
      const channel = { id: video.channelId, title: video.channelTitle };
      let newest = video.commentsSeenUntil;
      let pageToken: string | null = null;
      for (let page = 0; page < this.config.maxCommentPages; page++) {
        const params: Record<string, string> = {
          part: "snippet,replies",
          videoId,
          maxResults: "100",
          order: "time",
          textFormat: "plainText",
        };
        if (pageToken) params.pageToken = pageToken;
        const result = await this.call(QUOTA_COST.commentThreads, "commentThreads", params, CommentThreadListResponse);
        if (!result.ok && VIDEO_SKIP_REASONS.has(result.reason ?? "")) {
          video.followComments = false;
          break;
        }
        if (!result.ok) return result;
        let reachedSeen = false;
        for (const thread of result.body.items) {
          const fresh = threadDocuments(thread, channel, seenUntil);
          this.documents.push(...fresh);
          for (const doc of fresh) if (!newest || doc.publishedAt.toISOString() > newest) newest = doc.publishedAt.toISOString();
          if (seenUntil && Date.parse(thread.snippet.topLevelComment.snippet.publishedAt) <= seenUntil.getTime()) reachedSeen = true;
        }
        if (reachedSeen || !result.body.nextPageToken) break;
        pageToken = result.body.nextPageToken;
      }
      video.commentsSeenUntil = newest;
    }
    return null;
  }

  /** Spends the call's units first; a call that would exceed the day's budget is not made. */
  private async call<T>(cost: number, method: string, params: Record<string, string>, schema: Type<T>): Promise<ApiResult<T>> {
    const { quota } = this.state;
    const { dailyQuota, baseUrl, apiKey } = this.config;
    if (quota.used + cost > dailyQuota) {
      const message = `daily budget of ${dailyQuota} units reached (${quota.used} used on ${quota.day} Pacific Time); ${method} needs ${cost}`;
      return { ok: false, error: { kind: "quota", message }, reason: null };
    }
    quota.used += cost;
    const url = `${baseUrl}/${method}?${new URLSearchParams({ ...params, key: apiKey })}`;
    const result = await callYoutube(this.ctx.http, url, schema);
    if (!result.ok && result.error.kind === "quota") quota.used = dailyQuota;
    return result;
  }
}
