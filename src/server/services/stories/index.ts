export { assignStories } from "./assign-stories.ts";
export { backfillStories } from "./backfill-stories.ts";
export { pruneStoryIndex } from "./prune-story-index.ts";
export { storyHeadline } from "./story-headline.ts";
export { documentHeadline, storyHeadlines } from "./story-headlines.ts";
export { storyIndexOf } from "./story-index.ts";
