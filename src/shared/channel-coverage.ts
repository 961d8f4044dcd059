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
  twitter: "connection",
  tiktok: "connection",
  "review-app": "connection",
  instagram: "connection",
  "review-map": "connection",
  zalo: "connection",
  linkedin: "connection",
  "zalo-group": "partner",
  ecommerce: "connection",
  threads: "connection",
} as const satisfies Record<ChannelSlug, ChannelWay>;
