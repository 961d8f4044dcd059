import type { Deps } from "../../deps.ts";

/** The channels an account may see; an empty list means every channel. */
export async function setUserChannels(deps: Deps, userId: number, channelIds: number[]): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await trx.deleteFrom("user_channels").where("user_id", "=", userId).execute();
    if (channelIds.length > 0)
      await trx
        .insertInto("user_channels")
        .values(channelIds.map((channel_id) => ({ user_id: userId, channel_id })))
        .execute();
  });
}
