import { type } from "arktype";
import { pruneProjectChanges } from "../services/figure-cache/index.ts";
import type { JobDefinition } from "./job.ts";

/** Every minute the figure cache's change log is cut to each project's newest change: a busy ingest adds a row per project per batch. */
export const pruneProjectChangesJob: JobDefinition<object> = {
  id: "prune-project-changes",
  schema: type({}),
  schedule: "* * * * *",
  handler: async (deps) => {
    await pruneProjectChanges(deps);
  },
};
