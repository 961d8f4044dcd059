import { type } from "arktype";
import { refreshZaloTokens } from "../services/connections/index.ts";
import type { JobDefinition } from "./job.ts";

/** Hourly, the Zalo access tokens running out within two hours (docs/channels/zalo.md). */
export const refreshZaloTokensJob: JobDefinition<object> = {
  id: "refresh-zalo-tokens",
  schema: type({}),
  schedule: "23 * * * *",
  handler: async (deps) => {
    await refreshZaloTokens(deps);
  },
};
