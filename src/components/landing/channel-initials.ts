import type { ChannelSlug } from "../../shared/channels.ts";

/** Short marks drawn in channel colours instead of third-party logos. */
export const CHANNEL_INITIALS: Record<ChannelSlug, string> = {
  facebook: "f",
  news: "N",
  paper: "P",
  tv: "TV",
  youtube: "YT",
  twitter: "X",
  tiktok: "TT",
  "review-app": "RA",
  instagram: "IG",
  "review-map": "RM",
  zalo: "Z",
  linkedin: "in",
  "zalo-group": "ZG",
  ecommerce: "EC",
  threads: "@",
};
