import { Hono } from "hono";
import { CHANNELS } from "../../../shared/channels.ts";
import { userChannelIds } from "../../services/users/user-view.ts";
import type { AppEnv } from "../context.ts";
import { ok } from "../envelope.ts";
import { requireUser } from "../middleware/auth.ts";

export const channelRoutes = new Hono<AppEnv>()
  .get("/channel", (c) => ok(c, { data: CHANNELS }))
  .get("/channel-user", requireUser, async (c) => {
    const ids = new Set(await userChannelIds(c.get("deps").db, c.get("user").id));
    return ok(c, { data: CHANNELS.filter((channel) => ids.has(channel.id)) });
  });
