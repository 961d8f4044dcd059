import { type } from "arktype";
import { backfillZaloConversations } from "../services/connections/index.ts";
import type { JobDefinition } from "./job.ts";

/** Every minute, a list more of the recent conversations of connected Zalo OAs (docs/channels/zalo.md). */
export const backfillZaloJob: JobDefinition<object> = {
  id: "backfill-zalo",
  schema: type({}),
  schedule: "* * * * *",
  handler: async (deps) => {
    await backfillZaloConversations(deps);
  },
};
