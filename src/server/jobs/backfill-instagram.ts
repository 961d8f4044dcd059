import { type } from "arktype";
import { backfillInstagramAccounts } from "../services/connections/index.ts";
import type { JobDefinition } from "./job.ts";

/** Every five minutes, a few pages more of the media already on followed Instagram accounts (docs/channels/meta.md). */
export const backfillInstagramJob: JobDefinition<object> = {
  id: "backfill-instagram",
  schema: type({}),
  schedule: "*/5 * * * *",
  handler: async (deps) => {
    await backfillInstagramAccounts(deps);
  },
};
