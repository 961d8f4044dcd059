import { type } from "arktype";
import { rematchRules } from "../services/ingest/index.ts";
import type { JobDefinition } from "./job.ts";

/** Each minute, brands whose exclusions or query changed have their history read again (issue 38). */
export const rematchRulesJob: JobDefinition<object> = {
  id: "rematch-rules",
  schema: type({}),
  schedule: "* * * * *",
  handler: async (deps) => {
    await rematchRules(deps);
  },
};
