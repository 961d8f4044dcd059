import type { IngestDocumentInput } from "../../../shared/schemas/ingest.ts";
import { channelById } from "../../../shared/channels.ts";
import type { CollectedDocument } from "./collected-document.ts";

/** An ingest API item in the pipeline's shape; the platform defaults to the channel's slug. */
export function toCollected(item: IngestDocumentInput): CollectedDocument {
  return {
    channel: item.channel,
    platform: item.platform ?? channelById(item.channel)!.slug,
    externalId: item.external_id ?? null,
    url: item.url,
    mentionType: item.mention_type ?? 0,
    parentExternalId: item.parent_external_id ?? null,
    title: item.title ?? null,
    content: item.content,
    publishedAt: new Date(item.published_at),
    source: { id: item.source.id ?? null, name: item.source.name, url: item.source.url ?? null },
    author: item.author
      ? {
          id: item.author.id ?? null,
          name: item.author.name ?? null,
          url: item.author.url ?? null,
          followers: item.author.followers ?? null,
          location: item.author.location ?? null,
          ageRange: item.author.age_range ?? null,
          job: item.author.job ?? null,
        }
      : null,
    metrics: {
      likes: item.metrics?.likes ?? 0,
      shares: item.metrics?.shares ?? 0,
      comments: item.metrics?.comments ?? 0,
      views: item.metrics?.views ?? 0,
    },
    rating: item.rating ?? null,
    ecommerceSource: item.ecommerce_source ?? null,
    hashtags: item.hashtags ?? [],
  };
}
