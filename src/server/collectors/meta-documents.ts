import { type } from "arktype";
import { CHANNEL_ID } from "../../shared/channels.ts";
import { MENTION_TYPE } from "../../shared/mention.ts";
import type { MetaDeliveryBody } from "../../shared/schemas/connections.ts";
import type { MetaFeedPost } from "./meta-graph.ts";
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

type MetaDelivery = typeof MetaDeliveryBody.infer;

const FACEBOOK = "https://www.facebook.com";
// Only new and edited posts and comments are mentions; reactions, shares and removals are not.
const POST_ITEMS = new Set(["post", "status"]);
const VERBS = new Set(["add", "edited"]);

/** A feed change's time: Meta sends Unix seconds, older versions an ISO string. */
function publishedAt(value: FeedValue, fallback: Date): Date {
  const time = value.created_time;
  const date = typeof time === "number" ? new Date(time * 1000) : time ? new Date(time) : fallback;
  return Number.isNaN(date.getTime()) ? fallback : date;
}

/** The part of a Graph id after the owner's ("PAGEID_POSTID" → "POSTID"), as Facebook's own links take it. */
const ownPart = (id: string) => id.slice(id.indexOf("_") + 1);

/** One feed change as the pipeline's document, or null when it is not a post or comment being added or edited. */
function feedDocument(page: { id: string; name: string }, value: FeedValue, receivedAt: Date): CollectedDocument | null {
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
    publishedAt: publishedAt(value, receivedAt),
    source: { id: page.id, name: page.name, url: `${FACEBOOK}/${page.id}` },
    author: value.from
      ? { id: value.from.id, name: value.from.name ?? null, url: `${FACEBOOK}/${value.from.id}`, followers: null, location: null }
      : null,
    metrics: { likes: 0, shares: 0, comments: 0, views: 0 },
    rating: null,
    ecommerceSource: null,
    hashtags: extractHashtags(value.message),
  };
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
      const value = change.field === "feed" ? FeedValue(change.value) : null;
      if (!value || value instanceof type.errors) continue;
      const document = feedDocument({ id: entry.id, name }, value, receivedAt);
      if (document) byPage.set(entry.id, [...(byPage.get(entry.id) ?? []), document]);
    }
  }
  return byPage;
}

/** A post read from a page's feed (the backfill) as the same document its webhook change makes. */
export const metaPostDocument = (page: { id: string; name: string }, post: MetaFeedPost, receivedAt: Date) =>
  feedDocument(
    page,
    { item: "post", verb: "add", post_id: post.id, message: post.message, created_time: post.created_time, from: post.from },
    receivedAt,
  );
