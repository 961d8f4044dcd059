import type { TFunction } from "i18next";
import { channelNameKey } from "../shared/names.ts";
import { channelById } from "../shared/channels.ts";

/** The channel's name in the page language (News → Báo điện tử), or its id when the channel is unknown. */
export function channelName(t: TFunction, id: number): string {
  const channel = channelById(id);
  return channel ? t(channelNameKey(channel.slug)) : String(id);
}
