import { type } from "arktype";
import { readInstagramMentions } from "../services/connections/index.ts";
import type { JobDefinition } from "./job.ts";

/** Every minute, the Instagram `mentions` webhook changes waiting to be read through the Graph API (docs/channels/meta.md). */
export const readInstagramMentionsJob: JobDefinition<object> = {
  id: "read-instagram-mentions",
  schema: type({}),
  schedule: "* * * * *",
  handler: async (deps) => {
    await readInstagramMentions(deps);
  },
};
