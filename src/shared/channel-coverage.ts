import type { ChannelSlug } from "./channels.ts";

/**
 * How a channel's mentions reach Nghe (docs/channels/README.md): collected from public sources for every project, from
 * the customer's own accounts once connected, or only from a partner through the ingest API or clippings imported by staff.
 */
export type ChannelWay = "public" | "connection" | "partner";

export const CHANNEL_WAYS = {
  facebook: "connection",
  news: "public",
  paper: "public",
  tv: "public",
  youtube: "public",
  twitter: "partner",
  tiktok: "connection",
  "review-app": "public",
  instagram: "connection",
  "review-map": "partner",
  zalo: "connection",
  linkedin: "connection",
  "zalo-group": "partner",
  ecommerce: "partner",
  threads: "connection",
} as const satisfies Record<ChannelSlug, ChannelWay>;
