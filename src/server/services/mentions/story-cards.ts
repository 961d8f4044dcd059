import type { Kysely } from "kysely";
import type { StoryMention } from "../../../shared/api-types.ts";
import type { Database } from "../../db/schema.ts";
import { countMentions, mentionScope, type Filters } from "../mention-query/index.ts";
import { mentionNumbers, orderMentions, selectMentionView, type MentionRow } from "./mention-view.ts";

const SCAN_PAGE = 100;
/** Mentions read at most to find `limit` stories: a story with thousands of copies at the top must not read them all. */
const MAX_SCAN = 2000;

/**
 * The first `filters.limit` mentions in the order, one per story (and project), each with how many filtered mentions
 * its story has: the overview's "latest" and "hot" cards show a story once, however many copies it has.
 */
export async function storyCards(db: Kysely<Database>, filters: Filters, sort: "time" | "interact"): Promise<StoryMention<Date>[]> {
  const picked = new Map<string, MentionRow>();
  for (let offset = 0; picked.size < filters.limit && offset < MAX_SCAN; offset += SCAN_PAGE) {
    const rows = await orderMentions(selectMentionView(mentionScope(db, filters, filters.range)), sort)
      .limit(SCAN_PAGE)
      .offset(offset)
      .execute();
    for (const row of rows) {
      const key = `${row.project_id}:${row.story_id ?? -row.id}`;
      if (!picked.has(key) && picked.size < filters.limit) picked.set(key, row);
    }
    if (rows.length < SCAN_PAGE) break;
  }
  // Each story's copies are counted as the mention list counts the story the card links to.
  const copies = new Map(
    await Promise.all(
      [...picked].map(async ([key, row]) => {
        const count =
          row.story_id === null ? 1 : await countMentions(db, { ...filters, projectIds: [row.project_id], story: row.story_id });
        return [key, count] as const;
      }),
    ),
  );
  return [...picked].map(([key, row]) => ({ ...mentionNumbers(row), story_copies: copies.get(key) ?? 1 }));
}
