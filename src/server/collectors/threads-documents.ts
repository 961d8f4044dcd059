import { CHANNEL_ID } from "../../shared/channels.ts";
import { MENTION_TYPE } from "../../shared/mention.ts";
import type { CollectedDocument } from "../services/ingest/index.ts";
import { extractHashtags } from "./hashtags.ts";
import type { ThreadsPost } from "./threads-graph.ts";

// Threads posts and replies as the pipeline's documents (docs/channels/meta.md).

const THREADS = "https://www.threads.net";
const NO_METRICS: CollectedDocument["metrics"] = { likes: 0, shares: 0, comments: 0, views: 0 };

/** An author's Threads profile. */
const profile = (username: string) => ({ id: username, name: username, url: `${THREADS}/@${username}` });

/**
 * A post found by a keyword search (`parentId` null), or a reply to one of the account's own threads, as the pipeline's
 * document; null when it has no text.
 */
export function threadsDocument(post: ThreadsPost, parentId: string | null, receivedAt: Date): CollectedDocument | null {
  if (!post.text?.trim()) return null;
  const published = post.timestamp ? new Date(post.timestamp) : receivedAt;
  const author = post.username ? profile(post.username) : null;
  return {
    channel: CHANNEL_ID.threads,
    platform: "threads",
    externalId: post.id,
    url: post.permalink ?? author?.url ?? THREADS,
    mentionType: parentId === null ? MENTION_TYPE.post : MENTION_TYPE.reply,
    parentExternalId: parentId,
    title: null,
    content: post.text.normalize("NFC"),
    publishedAt: Number.isNaN(published.getTime()) ? receivedAt : published,
    source: author ? { id: author.id, name: author.name, url: author.url } : { id: null, name: "Threads", url: THREADS },
    author: author ? { ...author, followers: null, location: null } : null,
    metrics: NO_METRICS,
    rating: null,
    ecommerceSource: null,
    hashtags: extractHashtags(post.text),
  };
}
