import type { Deps } from "../../deps.ts";
import { STORY_WINDOW_DAYS } from "./assign-stories.ts";

const BATCH = 5000;
const DAY_MS = 86_400_000;

/**
 * Keeps the story index to its window: texts not seen for STORY_WINDOW_DAYS leave it, a batch per statement (their
 * stories and documents stay). Matching already ignores them; this bounds the table. Returns how many texts left.
 */
export async function pruneStoryIndex(deps: Deps): Promise<number> {
  const cutoff = new Date(deps.now().getTime() - STORY_WINDOW_DAYS * DAY_MS);
  let removed = 0;
  for (;;) {
    const { numDeletedRows } = await deps.db
      .deleteFrom("story_texts")
      .where("id", "in", (eb) => eb.selectFrom("story_texts").select("id").where("seen_at", "<", cutoff).limit(BATCH))
      .executeTakeFirst();
    removed += Number(numDeletedRows);
    if (Number(numDeletedRows) < BATCH) return removed;
  }
}
