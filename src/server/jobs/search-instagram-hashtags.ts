import { type } from "arktype";
import { searchInstagramHashtags } from "../services/connections/index.ts";
import type { JobDefinition } from "./job.ts";

/** Hourly, the projects' keywords as hashtags for each followed Instagram account, within Meta's 30 a week (docs/channels/meta.md). */
export const searchInstagramHashtagsJob: JobDefinition<object> = {
  id: "search-instagram-hashtags",
  schema: type({}),
  schedule: "0 * * * *",
  handler: async (deps) => {
    await searchInstagramHashtags(deps);
  },
};
