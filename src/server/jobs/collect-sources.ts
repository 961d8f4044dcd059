import { type } from "arktype";
import { collectDueSources } from "../services/collection/index.ts";
import type { JobDefinition } from "./job.ts";

/** Every five minutes, polls the sources whose own interval has passed since their last round. */
export const collectSourcesJob: JobDefinition<object> = {
  id: "collect-sources",
  schema: type({}),
  schedule: "*/5 * * * *",
  handler: (deps) => collectDueSources(deps),
};
