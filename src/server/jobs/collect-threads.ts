import { type } from "arktype";
import { collectThreads } from "../services/connections/index.ts";
import type { JobDefinition } from "./job.ts";

/** Every 10 minutes, the connected Threads accounts' replies and keyword searches (docs/channels/meta.md). */
export const collectThreadsJob: JobDefinition<object> = {
  id: "collect-threads",
  schema: type({}),
  schedule: "*/10 * * * *",
  handler: async (deps) => {
    await collectThreads(deps);
  },
};
