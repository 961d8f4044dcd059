import { Hono } from "hono";
import { CHANNELS } from "../../../shared/channels.ts";
import { listUserChannels } from "../../services/users/index.ts";
import { ChannelListSchema } from "../../../shared/schemas/answers.ts";
import { API } from "../../../shared/api-contract.ts";
import type { AppEnv } from "../context.ts";
import { ok } from "../envelope.ts";
import { requireUser } from "../middleware/auth.ts";
import { apiDoc } from "../route-doc.ts";

export const channelRoutes = new Hono<AppEnv>()
  .get("/channel", apiDoc({ summary: "Every channel", response: ChannelListSchema }), (c) => ok(c, { data: CHANNELS }))
  .get(
    "/channel-user",
    apiDoc({ summary: "The channels enabled for the account", response: API.channelUser.response }),
    requireUser,
    async (c) => ok(c, { data: await listUserChannels(c.get("deps"), c.get("user").id) }),
  );
