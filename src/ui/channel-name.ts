import type { TFunction } from "i18next";
import { channelById, type ChannelSlug } from "../shared/channels.ts";

/** Message keys are dotted snake case, channel slugs use hyphens. */
export function channelKey(slug: ChannelSlug): string {
  return `filters.channel.${slug.replace(/-/g, "_")}`;
}

/** The channel's name in the page language (News → Tin tức), or its id when the channel is unknown. */
export function channelName(t: TFunction, id: number): string {
  const channel = channelById(id);
  return channel ? t(channelKey(channel.slug)) : String(id);
}
