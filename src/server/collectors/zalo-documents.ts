import { CHANNEL_ID } from "../../shared/channels.ts";
import { MENTION_TYPE } from "../../shared/mention.ts";
import type { CollectedDocument } from "../services/ingest/index.ts";
import { extractHashtags } from "./hashtags.ts";

// A Zalo OA follower's message as the pipeline's document (docs/channels/zalo.md): private conversation, typed message.

const NO_METRICS: CollectedDocument["metrics"] = { likes: 0, shares: 0, comments: 0, views: 0 };

/** The OA's public page on Zalo. */
export const zaloOaUrl = (oaId: string) => `https://zalo.me/${encodeURIComponent(oaId)}`;

export type ZaloMessage = {
  id: string;
  oa: { id: string; name: string };
  follower: { id: string; name: string | null };
  /** The text, else the attachments' addresses (an image, a file, a sticker sent without words). */
  text: string | null;
  attachmentUrls: string[];
  sentAt: Date;
};

/** The message as a document, or null when it carries neither text nor attachment. */
export function zaloMessageDocument(message: ZaloMessage): CollectedDocument | null {
  const content = (message.text?.trim() || message.attachmentUrls.join(" ")).normalize("NFC");
  if (!content) return null;
  const page = zaloOaUrl(message.oa.id);
  return {
    channel: CHANNEL_ID.zalo,
    platform: "zalo",
    externalId: message.id,
    url: page,
    mentionType: MENTION_TYPE.message,
    parentExternalId: null,
    title: null,
    content,
    publishedAt: message.sentAt,
    source: { id: message.oa.id, name: message.oa.name, url: page },
    author: { id: message.follower.id, name: message.follower.name, url: null, followers: null, location: null },
    metrics: NO_METRICS,
    rating: null,
    ecommerceSource: null,
    hashtags: extractHashtags(content),
  };
}
