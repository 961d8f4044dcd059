import colors from "./colors.json" with { type: "json" };

const defs = [
  [1, "Facebook", "facebook"],
  [2, "News", "news"],
  [3, "Paper", "paper"],
  [4, "TV", "tv"],
  [5, "Youtube", "youtube"],
  [6, "Twitter", "twitter"],
  [7, "Tiktok", "tiktok"],
  [8, "Review App", "review-app"],
  [9, "Instagram", "instagram"],
  [10, "Review Map", "review-map"],
  [11, "Zalo", "zalo"],
  [12, "Linkedin", "linkedin"],
  [13, "Zalo Group", "zalo-group"],
  [14, "Ecommerce", "ecommerce"],
  [15, "Threads", "threads"],
] as const;

export type ChannelSlug = (typeof defs)[number][2];

/** Each channel's id by its slug, for code that names one channel. */
export const CHANNEL_ID = Object.fromEntries(defs.map(([id, , slug]) => [slug, id])) as {
  [D in (typeof defs)[number] as D[2]]: D[0];
};

/** The spec's channel groups (spec §3). TV, Zalo, Zalo Group and Linkedin belong to none. */
export const CHANNEL_GROUPS = {
  social: ["facebook", "instagram", "twitter", "youtube", "tiktok", "threads"],
  news: ["news", "paper"],
  review: ["review-app", "review-map"],
  ecommerce: ["ecommerce"],
} as const satisfies Record<string, readonly ChannelSlug[]>;

export type ChannelGroup = keyof typeof CHANNEL_GROUPS;

export type Channel = {
  id: number;
  name: string;
  slug: ChannelSlug;
  color: string;
  group: ChannelGroup | null;
};

const groupOf = (slug: ChannelSlug): ChannelGroup | null =>
  (Object.keys(CHANNEL_GROUPS) as ChannelGroup[]).find((g) => (CHANNEL_GROUPS[g] as readonly string[]).includes(slug)) ?? null;

export const CHANNELS: readonly Channel[] = defs.map(([id, name, slug]) => ({
  id,
  name,
  slug,
  color: colors.channel[slug],
  group: groupOf(slug),
}));

export function channelById(id: number): Channel | undefined {
  return CHANNELS.find((c) => c.id === id);
}

export function channelBySlug(slug: string): Channel | undefined {
  return CHANNELS.find((c) => c.slug === slug);
}

/** A route slug narrows the channels: a channel slug gives that channel, a group slug its members, anything else null. */
export function channelsForSlug(slug: string): Channel[] | null {
  if (Object.hasOwn(CHANNEL_GROUPS, slug)) {
    return CHANNELS.filter((c) => c.group === slug);
  }
  const channel = channelBySlug(slug);
  return channel ? [channel] : null;
}

/** Platforms named by a code rather than a site. */
const PLATFORM_NAMES: Record<string, string> = { "app-store": "App Store", "google-play": "Google Play" };

/**
 * What a document's platform tells beyond its channel: the site of a news item ("vnexpress.net") or the store of an app
 * review, and nothing when the platform is only a code for the channel itself ("youtube", "zalo-group", "print").
 */
export function platformName(platform: string | null): string | null {
  if (!platform) return null;
  return PLATFORM_NAMES[platform] ?? (platform.includes(".") ? platform : null);
}
