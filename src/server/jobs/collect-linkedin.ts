import { type } from "arktype";
import { collectLinkedin } from "../services/connections/index.ts";
import type { JobDefinition } from "./job.ts";

/** Every 30 minutes, the followed LinkedIn organisations' posts and comments (docs/channels/linkedin.md). */
export const collectLinkedinJob: JobDefinition<object> = {
  id: "collect-linkedin",
  schema: type({}),
  schedule: "*/30 * * * *",
  handler: async (deps) => {
    await collectLinkedin(deps);
  },
};
