import { type } from "arktype";
import { refreshThreadsTokens } from "../services/connections/index.ts";
import type { JobDefinition } from "./job.ts";

/** Daily, the Threads tokens due for a refresh before they run out (docs/channels/meta.md). */
export const refreshThreadsTokensJob: JobDefinition<object> = {
  id: "refresh-threads-tokens",
  schema: type({}),
  schedule: "17 3 * * *",
  handler: async (deps) => {
    await refreshThreadsTokens(deps);
  },
};
