import { type } from "arktype";
import { call, graphUrl, type MetaApp } from "./meta-http.ts";

// The parts of the Instagram Graph API (Facebook Login for Business) answers that Nghe reads (docs/channels/meta.md);
// every call carries the connection's user token and meters Meta's usage headers.

const Media = type({
  id: "string > 0",
  "caption?": "string",
  "permalink?": "string",
  "timestamp?": "string",
  "like_count?": "number",
  "comments_count?": "number",
  "username?": "string",
  "media_type?": "string",
});
export type InstagramMedia = typeof Media.infer;
const Reply = type({ id: "string > 0", "text?": "string", "timestamp?": "string", "username?": "string", "like_count?": "number" });
export type InstagramReply = typeof Reply.infer;
const Comment = Reply.and({ "replies?": { data: Reply.array() } });
export type InstagramComment = typeof Comment.infer;
const Paging = { "paging?": { "cursors?": { "after?": "string" }, "next?": "string" } } as const;
const MediaAnswer = type({ data: Media.array(), ...Paging });
const CommentsAnswer = type({ data: Comment.array(), ...Paging });
const MentionedMedia = type({ mentioned_media: Media });
const MentionedComment = type({ mentioned_comment: Reply.and({ "media?": { id: "string", "permalink?": "string" } }) });
export type InstagramMentionedComment = (typeof MentionedComment.infer)["mentioned_comment"];
const HashtagAnswer = type({ data: type({ id: "string > 0" }).array() });

const MEDIA_FIELDS = "id,caption,permalink,timestamp,like_count,comments_count,username,media_type";
// A hashtag's media come without their author (Meta leaves personal information out of hashtag search).
const HASHTAG_MEDIA_FIELDS = "id,caption,permalink,timestamp,like_count,comments_count,media_type";
const COMMENT_FIELDS = "id,text,timestamp,username,like_count,replies{id,text,timestamp,username,like_count}";

const nextCursor = (answer: { paging?: { cursors?: { after?: string }; next?: string } }) =>
  answer.paging?.next ? (answer.paging.cursors?.after ?? null) : null;
const path = (id: string, edge = "") => `/${encodeURIComponent(id)}${edge}`;

/** One page of an account's own media, newest first, from the cursor `after` (none: the start). */
export async function readInstagramMedia(app: MetaApp, igUserId: string, token: string, after: string | null) {
  const params = { fields: MEDIA_FIELDS, limit: "25", access_token: token, ...(after ? { after } : {}) };
  const answer = await call(graphUrl(app, path(igUserId, "/media"), params), MediaAnswer, "GET", app.meter);
  return { media: answer.data, next: nextCursor(answer) };
}

/** One page of a media's top-level comments, each with its replies. */
export async function readInstagramComments(app: MetaApp, mediaId: string, token: string, after: string | null) {
  const params = { fields: COMMENT_FIELDS, limit: "50", access_token: token, ...(after ? { after } : {}) };
  const answer = await call(graphUrl(app, path(mediaId, "/comments"), params), CommentsAnswer, "GET", app.meter);
  return { comments: answer.data, next: nextCursor(answer) };
}

/** The media whose caption @mentioned the account (the id a `mentions` webhook gives). */
export async function readMentionedMedia(app: MetaApp, igUserId: string, token: string, mediaId: string) {
  const fields = `mentioned_media.media_id(${mediaId}){${MEDIA_FIELDS}}`;
  return (await call(graphUrl(app, path(igUserId), { fields, access_token: token }), MentionedMedia, "GET", app.meter)).mentioned_media;
}

/** The comment that @mentioned the account, with its media. */
export async function readMentionedComment(app: MetaApp, igUserId: string, token: string, commentId: string) {
  const fields = `mentioned_comment.comment_id(${commentId}){id,text,timestamp,username,like_count,media{id,permalink}}`;
  const answer = await call(graphUrl(app, path(igUserId), { fields, access_token: token }), MentionedComment, "GET", app.meter);
  return answer.mentioned_comment;
}

/** Meta's id of a hashtag, searched on behalf of the account (this query is what counts in the 30-a-week limit). */
export async function searchInstagramHashtag(app: MetaApp, igUserId: string, token: string, hashtag: string) {
  const params = { user_id: igUserId, q: hashtag, access_token: token };
  const answer = await call(graphUrl(app, "/ig_hashtag_search", params), HashtagAnswer, "GET", app.meter);
  return answer.data[0]?.id ?? null;
}

/** The most recent public media tagged with the hashtag (Meta keeps the last 24 hours). */
export async function readHashtagRecentMedia(app: MetaApp, hashtagId: string, igUserId: string, token: string) {
  const params = { user_id: igUserId, fields: HASHTAG_MEDIA_FIELDS, limit: "50", access_token: token };
  return (await call(graphUrl(app, path(hashtagId, "/recent_media"), params), MediaAnswer, "GET", app.meter)).data;
}
