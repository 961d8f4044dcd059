import { type, type Type } from "arktype";
import { htmlToText } from "./html-text";
import type { HttpClient } from "./http";
import type { CollectorError } from "./errors";

// The parts of the YouTube Data API v3 resources that Nghe reads; other fields are ignored.

const Comment = type({
  id: "string",
  snippet: {
    "videoId?": "string",
    "textDisplay?": "string",
    "textOriginal?": "string",
    "authorDisplayName?": "string",
    "authorChannelUrl?": "string",
    "authorChannelId?": { value: "string" },
    "parentId?": "string",
    "likeCount?": "number",
    publishedAt: "string",
  },
});
export type YoutubeComment = typeof Comment.infer;

export const SearchListResponse = type({
  "nextPageToken?": "string",
  items: type({ id: { "videoId?": "string" }, "snippet?": { "publishedAt?": "string" } }).array(),
});

const Video = type({
  id: "string",
  snippet: {
    publishedAt: "string",
    channelId: "string",
    title: "string",
    "description?": "string",
    "channelTitle?": "string",
  },
  "statistics?": { "viewCount?": "string", "likeCount?": "string", "commentCount?": "string" },
});
export type YoutubeVideo = typeof Video.infer;
export const VideoListResponse = type({ items: Video.array() });

const CommentThread = type({
  id: "string",
  snippet: { videoId: "string", topLevelComment: Comment, "totalReplyCount?": "number" },
  "replies?": { "comments?": Comment.array() },
});
export type YoutubeCommentThread = typeof CommentThread.infer;
export const CommentThreadListResponse = type({ "nextPageToken?": "string", items: CommentThread.array() });

const ErrorResponse = type({
  error: { code: "number", message: "string", "errors?": type({ "reason?": "string" }).array() },
});

export type ApiResult<T> = { ok: true; body: T } | { ok: false; error: CollectorError; reason: string | null };

// Quota exhaustion comes as 403 with these reasons; retrying before the daily reset cannot help.
const QUOTA_REASONS = new Set(["quotaExceeded", "dailyLimitExceeded"]);

/** GET one API method; errors come back with the API's reason (quotaExceeded, commentsDisabled, videoNotFound…). */
export async function callYoutube<T>(http: HttpClient, url: string, schema: Type<T>): Promise<ApiResult<T>> {
  const result = await http.get({ url, accept: "application/json" });
  if (!result.ok) return { ok: false, error: result.error, reason: null };
  const { response } = result;
  const json = parseJson(response.text());
  if (response.status !== 200) {
    const body = ErrorResponse(json);
    if (body instanceof type.errors)
      return { ok: false, error: { kind: "client", message: `${response.status} from YouTube` }, reason: null };
    const reason = body.error.errors?.[0]?.reason ?? null;
    const kind = QUOTA_REASONS.has(reason ?? "") ? "quota" : reason === "rateLimitExceeded" ? "rate_limited" : "client";
    return { ok: false, error: { kind, message: `${body.error.code} ${reason ?? ""}: ${htmlToText(body.error.message)}` }, reason };
  }
  if (json === undefined) return { ok: false, error: { kind: "malformed", message: "YouTube answered with invalid JSON" }, reason: null };
  const body = schema(json);
  if (body instanceof type.errors) {
    return { ok: false, error: { kind: "malformed", message: `unexpected YouTube response: ${body.summary}` }, reason: null };
  }
  return { ok: true, body: body as T };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
