import { type } from "arktype";
import { CHANNEL_ID } from "../../shared/channels.ts";
import { MENTION_TYPE } from "../../shared/mention.ts";
import type { MetaDeliveryBody } from "../../shared/schemas/connections.ts";
import type { MetaComment, MetaFeedPost } from "./meta-graph.ts";
import type { CollectedDocument } from "../services/ingest/index.ts";
import { extractHashtags } from "./hashtags";

// Meta's Page items as the pipeline's documents: the changes of a Page webhook delivery
// (developers.facebook.com/docs/pages-api/webhooks-for-pages), the parts Nghe reads, and the posts of a Page's feed.

const FeedValue = type({
  item: "string",
  verb: "string",
  "post_id?": "string",
  "comment_id?": "string",
  "parent_id?": "string",
  "from?": { id: "string", "name?": "string" },
  "message?": "string",
  "created_time?": "number | string",
});
type FeedValue = typeof FeedValue.infer;

// A recommendation (or an older star rating) left on the page; the text is the reviewer's.
const RatingValue = type({
  verb: "string",
  open_graph_story_id: "string",
  "item?": "string",
  "reviewer_id?": "string",
  "reviewer_name?": "string",
  "rating?": "number",
  "recommendation_type?": "string",
  "review_text?": "string",
  "created_time?": "number | string",
});
type RatingValue = typeof RatingValue.infer;
type Metrics = CollectedDocument["metrics"];
const NO_METRICS: Metrics = { likes: 0, shares: 0, comments: 0, views: 0 };

type MetaDelivery = typeof MetaDeliveryBody.infer;

const FACEBOOK = "https://www.facebook.com";
// Only new and edited posts and comments are mentions; reactions, shares and removals are not.
const POST_ITEMS = new Set(["post", "status"]);
const VERBS = new Set(["add", "edited"]);

/** A change's time: Meta sends Unix seconds, older versions an ISO string. */
function publishedAt(time: number | string | undefined, fallback: Date): Date {
  const date = typeof time === "number" ? new Date(time * 1000) : time ? new Date(time) : fallback;
  return Number.isNaN(date.getTime()) ? fallback : date;
}

/** The part of a Graph id after the owner's ("PAGEID_POSTID" → "POSTID"), as Facebook's own links take it. */
const ownPart = (id: string) => id.slice(id.indexOf("_") + 1);

/** One feed change as the pipeline's document, or null when it is not a post or comment being added or edited. */
function feedDocument(
  page: { id: string; name: string },
  value: FeedValue,
  receivedAt: Date,
  metrics: Metrics = NO_METRICS,
): CollectedDocument | null {
  if (!VERBS.has(value.verb) || !value.post_id || !value.message?.trim()) return null;
  const isComment = value.item === "comment" && value.comment_id !== undefined;
  if (!isComment && !POST_ITEMS.has(value.item)) return null;
  // A comment answers the post; one whose parent is another comment is a reply to it.
  const parent = isComment ? (value.parent_id ?? value.post_id) : null;
  const postUrl = `${FACEBOOK}/${value.post_id}`;
  return {
    channel: CHANNEL_ID.facebook,
    platform: "facebook",
    externalId: isComment ? value.comment_id! : value.post_id,
    url: isComment ? `${postUrl}?comment_id=${ownPart(value.comment_id!)}` : postUrl,
    mentionType: !isComment ? MENTION_TYPE.post : parent === value.post_id ? MENTION_TYPE.comment : MENTION_TYPE.reply,
    parentExternalId: parent,
    title: null,
    content: value.message.normalize("NFC"),
    publishedAt: publishedAt(value.created_time, receivedAt),
    source: pageSource(page),
    author: value.from ? facebookAuthor(value.from.id, value.from.name) : null,
    metrics,
    rating: null,
    ecommerceSource: null,
    hashtags: extractHashtags(value.message),
  };
}

const pageSource = (page: { id: string; name: string }) => ({ id: page.id, name: page.name, url: `${FACEBOOK}/${page.id}` });
const facebookAuthor = (id: string, name: string | undefined) => ({
  id,
  name: name ?? null,
  url: `${FACEBOOK}/${id}`,
  followers: null,
  location: null,
});

/**
 * A recommendation left on the page as the pipeline's document: a post of the reviewer's, with its stars when Meta
 * gives them (older ratings), or null when it is not a recommendation being added or edited.
 */
function ratingDocument(page: { id: string; name: string }, value: RatingValue, receivedAt: Date): CollectedDocument | null {
  if (!VERBS.has(value.verb) || !value.review_text?.trim() || (value.item && value.item !== "rating")) return null;
  const stars =
    value.rating !== undefined && Number.isInteger(value.rating) && value.rating >= 1 && value.rating <= 5 ? value.rating : null;
  return {
    channel: CHANNEL_ID.facebook,
    platform: "facebook",
    externalId: value.open_graph_story_id,
    url: `${FACEBOOK}/${value.open_graph_story_id}`,
    mentionType: MENTION_TYPE.post,
    parentExternalId: null,
    title: null,
    content: value.review_text.normalize("NFC"),
    publishedAt: publishedAt(value.created_time, receivedAt),
    source: pageSource(page),
    author: value.reviewer_id ? facebookAuthor(value.reviewer_id, value.reviewer_name) : null,
    metrics: NO_METRICS,
    rating: stars,
    ecommerceSource: null,
    hashtags: extractHashtags(value.review_text),
  };
}

/** One change of a Page delivery as a document, or null when Nghe does not read that field or change. */
function changeDocument(page: { id: string; name: string }, change: { field: string; value: unknown }, receivedAt: Date) {
  if (change.field === "feed") {
    const value = FeedValue(change.value);
    return value instanceof type.errors ? null : feedDocument(page, value, receivedAt);
  }
  if (change.field === "ratings") {
    const value = RatingValue(change.value);
    return value instanceof type.errors ? null : ratingDocument(page, value, receivedAt);
  }
  return null;
}

/** The documents of one delivery's Page feed changes, by page id; `pageName` names the pages Nghe follows. */
export function metaFeedDocuments(
  delivery: MetaDelivery,
  pageName: (pageId: string) => string | undefined,
  receivedAt: Date,
): Map<string, CollectedDocument[]> {
  const byPage = new Map<string, CollectedDocument[]>();
  if (delivery.object !== "page") return byPage;
  for (const entry of delivery.entry) {
    const name = pageName(entry.id);
    if (name === undefined) continue;
    for (const change of entry.changes ?? []) {
      const document = changeDocument({ id: entry.id, name }, change, receivedAt);
      if (document) byPage.set(entry.id, [...(byPage.get(entry.id) ?? []), document]);
    }
  }
  return byPage;
}

/** A post read from a page's feed as the same document its webhook change makes, with its counters. */
export const metaPostDocument = (page: { id: string; name: string }, post: MetaFeedPost, receivedAt: Date) =>
  feedDocument(
    page,
    { item: "post", verb: "add", post_id: post.id, message: post.message, created_time: post.created_time, from: post.from },
    receivedAt,
    {
      likes: post.reactions?.summary?.total_count ?? 0,
      shares: post.shares?.count ?? 0,
      comments: post.comments?.summary?.total_count ?? 0,
      views: 0,
    },
  );

/** A comment read from a post's comments as the same document its webhook change makes, with its counters. */
export const metaCommentDocument = (page: { id: string; name: string }, postId: string, comment: MetaComment, receivedAt: Date) =>
  feedDocument(
    page,
    {
      item: "comment",
      verb: "add",
      post_id: postId,
      comment_id: comment.id,
      parent_id: comment.parent?.id,
      message: comment.message,
      created_time: comment.created_time,
      from: comment.from,
    },
    receivedAt,
    { likes: comment.like_count ?? 0, shares: 0, comments: comment.comment_count ?? 0, views: 0 },
  );
