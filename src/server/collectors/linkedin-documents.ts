import { CHANNEL_ID } from "../../shared/channels.ts";
import { MENTION_TYPE } from "../../shared/mention.ts";
import type { CollectedDocument } from "../services/ingest/index.ts";
import { extractHashtags } from "./hashtags.ts";
import type { LinkedinComment, LinkedinPost } from "./linkedin-api.ts";

// An organisation's LinkedIn posts and their comments as the pipeline's documents (docs/channels/linkedin.md).

const LINKEDIN = "https://www.linkedin.com";
const NO_METRICS: CollectedDocument["metrics"] = { likes: 0, shares: 0, comments: 0, views: 0 };

export type LinkedinOrganization = { urn: string; name: string };

const postUrl = (urn: string) => `${LINKEDIN}/feed/update/${urn}/`;
const organizationUrl = (urn: string) => `${LINKEDIN}/company/${urn.split(":").at(-1)}/`;
const base = (organization: LinkedinOrganization) => ({
  channel: CHANNEL_ID.linkedin,
  platform: "linkedin",
  title: null,
  source: { id: organization.urn, name: organization.name, url: organizationUrl(organization.urn) },
  rating: null,
  ecommerceSource: null,
});

/** One of the organisation's posts; null without commentary. */
export function linkedinPostDocument(organization: LinkedinOrganization, post: LinkedinPost, receivedAt: Date): CollectedDocument | null {
  if (!post.commentary?.trim()) return null;
  const time = post.publishedAt ?? post.createdAt;
  return {
    ...base(organization),
    externalId: post.id,
    url: postUrl(post.id),
    mentionType: MENTION_TYPE.post,
    parentExternalId: null,
    content: post.commentary.normalize("NFC"),
    publishedAt: time ? new Date(time) : receivedAt,
    author: { id: organization.urn, name: organization.name, url: organizationUrl(organization.urn), followers: null, location: null },
    metrics: NO_METRICS,
    hashtags: extractHashtags(post.commentary),
  };
}

/**
 * A comment on one of the organisation's posts with its likes. LinkedIn names the commenter only by URN (a member's
 * name needs a People lookup the Community Management API does not grant), so the author is that URN.
 */
export function linkedinCommentDocument(
  organization: LinkedinOrganization,
  comment: LinkedinComment,
  postId: string,
  receivedAt: Date,
): CollectedDocument | null {
  const text = comment.message?.text;
  const id = comment.$URN ?? comment.id;
  if (!text?.trim() || !id) return null;
  return {
    ...base(organization),
    externalId: id,
    url: postUrl(postId),
    mentionType: MENTION_TYPE.comment,
    parentExternalId: postId,
    content: text.normalize("NFC"),
    publishedAt: comment.created?.time ? new Date(comment.created.time) : receivedAt,
    author: comment.actor ? { id: comment.actor, name: null, url: null, followers: null, location: null } : null,
    metrics: { ...NO_METRICS, likes: comment.likesSummary?.totalLikes ?? 0 },
    hashtags: extractHashtags(text),
  };
}
