import { type } from "arktype";
import { pruneProjectChanges } from "../services/figure-cache/prune-project-changes.ts";
import type { JobDefinition } from "./job.ts";

/** Every ten minutes, the figure cache's change log is cut to each project's newest change. */
export const pruneProjectChangesJob: JobDefinition<object> = {
  id: "prune-project-changes",
  schema: type({}),
  schedule: "*/10 * * * *",
  handler: async (deps) => {
    await pruneProjectChanges(deps);
  },
};
