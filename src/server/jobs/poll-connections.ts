import { type } from "arktype";
import { pollFollowedPages } from "../services/connections/index.ts";
import type { JobDefinition } from "./job.ts";

/** Every minute, the followed pages due for a read behind their webhook (docs/channels/meta.md). */
export const pollConnectionsJob: JobDefinition<object> = {
  id: "poll-connections",
  schema: type({}),
  schedule: "* * * * *",
  handler: async (deps) => {
    await pollFollowedPages(deps);
  },
};
