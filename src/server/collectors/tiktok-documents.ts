import { CHANNEL_ID } from "../../shared/channels.ts";
import { MENTION_TYPE } from "../../shared/mention.ts";
import type { CollectedDocument } from "../services/ingest/index.ts";
import { extractHashtags } from "./hashtags.ts";
import type { TiktokComment, TiktokVideo } from "./tiktok-api.ts";

// A TikTok business account's videos, their comments and replies as the pipeline's documents (docs/channels/tiktok.md).

const TIKTOK = "https://www.tiktok.com";

/** The connected account, where its videos and their comments are published. */
export type TiktokAccount = { id: string; name: string; username: string | null };

const accountUrl = (account: TiktokAccount) => (account.username ? `${TIKTOK}/@${account.username}` : TIKTOK);
const published = (seconds: number | undefined, receivedAt: Date) => (seconds ? new Date(seconds * 1000) : receivedAt);
const base = (account: TiktokAccount) => ({
  channel: CHANNEL_ID.tiktok,
  platform: "tiktok",
  title: null,
  source: { id: account.id, name: account.name, url: accountUrl(account) },
  rating: null,
  ecommerceSource: null,
});

/** One of the account's videos, its caption as the text; null without a caption. */
export function tiktokVideoDocument(account: TiktokAccount, video: TiktokVideo, receivedAt: Date): CollectedDocument | null {
  if (!video.caption?.trim()) return null;
  return {
    ...base(account),
    externalId: video.item_id,
    url: video.share_url ?? `${accountUrl(account)}/video/${video.item_id}`,
    mentionType: MENTION_TYPE.post,
    parentExternalId: null,
    content: video.caption.normalize("NFC"),
    publishedAt: published(video.create_time, receivedAt),
    author: { id: account.id, name: account.name, url: accountUrl(account), followers: null, location: null },
    metrics: { likes: video.likes ?? 0, shares: video.shares ?? 0, comments: video.comments ?? 0, views: video.video_views ?? 0 },
    hashtags: extractHashtags(video.caption),
  };
}

/**
 * A comment on one of the account's videos (`parentId` the video's) or a reply to a comment (the comment's), with its
 * author and likes; null without text.
 */
export function tiktokCommentDocument(
  account: TiktokAccount,
  comment: TiktokComment,
  video: TiktokVideo,
  parent: { kind: "video" } | { kind: "comment"; id: string },
  receivedAt: Date,
): CollectedDocument | null {
  if (!comment.text?.trim()) return null;
  const author = comment.username ?? null;
  return {
    ...base(account),
    externalId: comment.comment_id,
    url: video.share_url ?? `${accountUrl(account)}/video/${video.item_id}`,
    mentionType: parent.kind === "video" ? MENTION_TYPE.comment : MENTION_TYPE.reply,
    parentExternalId: parent.kind === "video" ? video.item_id : parent.id,
    content: comment.text.normalize("NFC"),
    publishedAt: published(comment.create_time, receivedAt),
    author: author
      ? { id: author, name: comment.display_name || author, url: `${TIKTOK}/@${author}`, followers: null, location: null }
      : null,
    metrics: { likes: comment.likes ?? 0, shares: 0, comments: comment.replies ?? 0, views: 0 },
    hashtags: extractHashtags(comment.text),
  };
}
