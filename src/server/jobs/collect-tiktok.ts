import { type } from "arktype";
import { collectTiktok } from "../services/connections/index.ts";
import type { JobDefinition } from "./job.ts";

/** Every 15 minutes, the connected TikTok business accounts' videos, comments and replies (docs/channels/tiktok.md). */
export const collectTiktokJob: JobDefinition<object> = {
  id: "collect-tiktok",
  schema: type({}),
  schedule: "*/15 * * * *",
  handler: async (deps) => {
    await collectTiktok(deps);
  },
};
