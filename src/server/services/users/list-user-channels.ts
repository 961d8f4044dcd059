import { CHANNELS } from "../../../shared/channels.ts";
import type { Deps } from "../../deps.ts";
import { userChannelIds } from "./user-view.ts";

/** The channels enabled for an account (spec §7 channel-user). */
export async function listUserChannels(deps: Deps, userId: number) {
  const ids = new Set(await userChannelIds(deps.db, userId));
  return CHANNELS.filter((channel) => ids.has(channel.id));
}
