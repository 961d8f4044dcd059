import { type } from "arktype";
import { CHANNEL_ID } from "../../shared/channels.ts";
import { MENTION_TYPE } from "../../shared/mention.ts";
import type { CollectedDocument } from "../services/ingest/index.ts";
import { extractHashtags } from "./hashtags";
import type { InstagramMedia, InstagramMentionedComment, InstagramReply } from "./instagram-graph.ts";

// Instagram items as the pipeline's documents: an account's media, their comments and replies, the media and comments
// that @mentioned it, and hashtag results (docs/channels/meta.md).

const INSTAGRAM = "https://www.instagram.com";

/** Who an Instagram item belongs to: the followed account (Meta's id and username). */
export type InstagramOwner = { id: string; username: string };

/** A `comments` change of an `instagram` webhook delivery (developers.facebook.com/docs/graph-api/webhooks/reference/instagram). */
export const InstagramCommentValue = type({
  id: "string > 0",
  "text?": "string",
  "from?": { "id?": "string", "username?": "string" },
  "media?": { id: "string", "media_product_type?": "string" },
  "parent_id?": "string",
});
/** A `mentions` change: ids only, the caption's media, and the comment when the mention is in one. */
export const InstagramMentionValue = type({ media_id: "string > 0", "comment_id?": "string" });

function publishedAt(time: string | number | undefined, fallback: Date): Date {
  const date = typeof time === "number" ? new Date(time * 1000) : time ? new Date(time) : fallback;
  return Number.isNaN(date.getTime()) ? fallback : date;
}

const profile = (username: string) => `${INSTAGRAM}/${encodeURIComponent(username)}`;
const author = (username: string | undefined) =>
  username ? { id: username, name: username, url: profile(username), followers: null, location: null } : null;
const accountSource = (owner: InstagramOwner) => ({ id: owner.id, name: owner.username, url: profile(owner.username) });

type Item = {
  id: string;
  text: string | undefined;
  time: string | number | undefined;
  url: string;
  username: string | undefined;
  mentionType: CollectedDocument["mentionType"];
  parent: string | null;
  metrics?: Partial<CollectedDocument["metrics"]>;
  source: CollectedDocument["source"];
};

function instagramDocument(item: Item, receivedAt: Date): CollectedDocument | null {
  if (!item.text?.trim()) return null;
  return {
    channel: CHANNEL_ID.instagram,
    platform: "instagram",
    externalId: item.id,
    url: item.url,
    mentionType: item.mentionType,
    parentExternalId: item.parent,
    title: null,
    content: item.text.normalize("NFC"),
    publishedAt: publishedAt(item.time, receivedAt),
    source: item.source,
    author: author(item.username),
    metrics: { likes: 0, shares: 0, comments: 0, views: 0, ...item.metrics },
    rating: null,
    ecommerceSource: null,
    hashtags: extractHashtags(item.text),
  };
}

const mediaUrl = (media: { id: string; permalink?: string }, owner: InstagramOwner) => media.permalink ?? profile(owner.username);

/** A media (the account's own, or one that @mentioned it) as a post, with its likes and comment count. */
export const instagramMediaDocument = (owner: InstagramOwner, media: InstagramMedia, receivedAt: Date) =>
  instagramDocument(
    {
      id: media.id,
      text: media.caption,
      time: media.timestamp,
      url: mediaUrl(media, owner),
      username: media.username,
      mentionType: MENTION_TYPE.post,
      parent: null,
      metrics: { likes: media.like_count ?? 0, comments: media.comments_count ?? 0 },
      source: accountSource(owner),
    },
    receivedAt,
  );

/** A comment on a media (a reply when `parentId` names the comment it answers); its link is the media's. */
export const instagramCommentDocument = (
  owner: InstagramOwner,
  media: { id: string; permalink?: string },
  comment: InstagramReply,
  parentId: string | null,
  receivedAt: Date,
) =>
  instagramDocument(
    {
      id: comment.id,
      text: comment.text,
      time: comment.timestamp,
      url: mediaUrl(media, owner),
      username: comment.username,
      mentionType: parentId ? MENTION_TYPE.reply : MENTION_TYPE.comment,
      parent: parentId ?? media.id,
      metrics: { likes: comment.like_count ?? 0 },
      source: accountSource(owner),
    },
    receivedAt,
  );

/** A `comments` webhook change as the same document the backfill makes; `permalink` is its media's when known. */
export function instagramWebhookCommentDocument(
  owner: InstagramOwner,
  value: typeof InstagramCommentValue.infer,
  permalink: string | undefined,
  time: number | undefined,
  receivedAt: Date,
) {
  if (!value.media) return null;
  return instagramCommentDocument(
    owner,
    { id: value.media.id, permalink },
    { id: value.id, text: value.text, username: value.from?.username, timestamp: time ? new Date(time * 1000).toISOString() : undefined },
    value.parent_id ?? null,
    receivedAt,
  );
}

/** A comment that @mentioned the account, on someone's media. */
export const instagramMentionedCommentDocument = (owner: InstagramOwner, comment: InstagramMentionedComment, receivedAt: Date) =>
  comment.media ? instagramCommentDocument(owner, comment.media, comment, null, receivedAt) : null;

/** A public media found by hashtag: its author is not given, its source is the hashtag's page. */
export const instagramHashtagDocument = (hashtag: string, media: InstagramMedia, receivedAt: Date) =>
  instagramDocument(
    {
      id: media.id,
      text: media.caption,
      time: media.timestamp,
      url: media.permalink ?? `${INSTAGRAM}/explore/tags/${encodeURIComponent(hashtag)}/`,
      username: media.username,
      mentionType: MENTION_TYPE.post,
      parent: null,
      metrics: { likes: media.like_count ?? 0, comments: media.comments_count ?? 0 },
      source: { id: null, name: `#${hashtag}`, url: `${INSTAGRAM}/explore/tags/${encodeURIComponent(hashtag)}/` },
    },
    receivedAt,
  );
