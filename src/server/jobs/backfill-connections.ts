import { type } from "arktype";
import { backfillFollowedPages } from "../services/connections/index.ts";
import type { JobDefinition } from "./job.ts";

/** Every minute (a follow is answered within one), a few pages more of the posts already on followed Facebook pages (docs/channels/meta.md). */
export const backfillConnectionsJob: JobDefinition<object> = {
  id: "backfill-connections",
  schema: type({}),
  schedule: "* * * * *",
  handler: async (deps) => {
    await backfillFollowedPages(deps);
  },
};
