import { Hono } from "hono";
import { CHANNELS } from "../../../shared/channels.ts";
import { listUserChannels } from "../../services/users/list-user-channels.ts";
import type { AppEnv } from "../context.ts";
import { ok } from "../envelope.ts";
import { requireUser } from "../middleware/auth.ts";

export const channelRoutes = new Hono<AppEnv>()
  .get("/channel", (c) => ok(c, { data: CHANNELS }))
  .get("/channel-user", requireUser, async (c) => ok(c, { data: await listUserChannels(c.get("deps"), c.get("user").id) }));
