import { type } from "arktype";
import { backfillStories, pruneStoryIndex } from "../services/stories/index.ts";
import type { JobDefinition } from "./job.ts";

/** Each hour, drops the story index's texts older than its window, and gives a story to any document without one. */
export const storyIndexJob: JobDefinition<object> = {
  id: "story-index",
  schema: type({}),
  schedule: "17 * * * *",
  handler: async (deps) => {
    await pruneStoryIndex(deps);
    await backfillStories(deps);
  },
};
