import { type } from "arktype";
import { runPendingBackfills } from "../services/collection/index.ts";
import type { JobDefinition } from "./job.ts";

/** Each minute, asks the search sources for keywords that projects gained. */
export const runBackfillsJob: JobDefinition<object> = {
  id: "run-backfills",
  schema: type({}),
  schedule: "* * * * *",
  handler: (deps) => runPendingBackfills(deps),
};
