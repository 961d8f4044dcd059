import { extractHashtags } from "./hashtags";
import { plainText } from "./html-text";
import type { CollectedDocument } from "../services/ingest/collected-document.ts";
import type { YoutubeComment, YoutubeCommentThread, YoutubeVideo } from "./youtube-api";
import { CHANNEL_ID } from "../../shared/channels.ts";

type YoutubeChannel = { id: string; title: string };

const watchUrl = (videoId: string) => `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}`;
const channelUrl = (channelId: string) => `https://www.youtube.com/channel/${encodeURIComponent(channelId)}`;
const count = (value: string | undefined) => (value && /^\d+$/.test(value) ? Number(value) : 0);

function channelSource(channel: YoutubeChannel): CollectedDocument["source"] {
  return { id: channel.id, name: channel.title, url: channelUrl(channel.id) };
}

export function videoDocument(video: YoutubeVideo): CollectedDocument {
  const channel = { id: video.snippet.channelId, title: video.snippet.channelTitle ?? video.snippet.channelId };
  const title = plainText(video.snippet.title);
  const description = plainText(video.snippet.description ?? "");
  return {
    channel: CHANNEL_ID.youtube,
    platform: "youtube",
    externalId: video.id,
    url: watchUrl(video.id),
    mentionType: 0,
    parentExternalId: null,
    title,
    content: description || title,
    publishedAt: new Date(video.snippet.publishedAt),
    source: channelSource(channel),
    author: { id: channel.id, name: channel.title, url: channelUrl(channel.id), followers: null, location: null },
    metrics: {
      likes: count(video.statistics?.likeCount),
      shares: 0,
      comments: count(video.statistics?.commentCount),
      views: count(video.statistics?.viewCount),
    },
    rating: null,
    ecommerceSource: null,
    hashtags: extractHashtags(title, description),
  };
}

/** A top-level comment (parent: the video) or a reply (parent: the top-level comment). */
function commentDocument(comment: YoutubeComment, videoId: string, channel: YoutubeChannel, replies: number | null): CollectedDocument {
  const { snippet } = comment;
  const content = plainText(snippet.textOriginal ?? snippet.textDisplay ?? "");
  const parentId = snippet.parentId ?? null;
  return {
    channel: CHANNEL_ID.youtube,
    platform: "youtube",
    externalId: comment.id,
    url: `${watchUrl(videoId)}&lc=${encodeURIComponent(comment.id)}`,
    mentionType: parentId ? 2 : 1,
    parentExternalId: parentId ?? videoId,
    title: null,
    content,
    publishedAt: new Date(snippet.publishedAt),
    source: channelSource(channel),
    author: {
      id: snippet.authorChannelId?.value ?? null,
      name: snippet.authorDisplayName ?? null,
      url: snippet.authorChannelUrl ?? null,
      followers: null,
      location: null,
    },
    metrics: { likes: snippet.likeCount ?? 0, shares: 0, comments: replies ?? 0, views: 0 },
    rating: null,
    ecommerceSource: null,
    hashtags: extractHashtags(content),
  };
}

/** The thread's comments newer than `after` (all when null), top-level comment first. */
export function threadDocuments(thread: YoutubeCommentThread, channel: YoutubeChannel, after: Date | null): CollectedDocument[] {
  const videoId = thread.snippet.videoId;
  const top = commentDocument(thread.snippet.topLevelComment, videoId, channel, thread.snippet.totalReplyCount ?? 0);
  const replies = (thread.replies?.comments ?? []).map((reply) => commentDocument(reply, videoId, channel, null));
  return [top, ...replies].filter((doc) => after === null || doc.publishedAt.getTime() > after.getTime());
}
