import { sql, type Kysely } from "kysely";
import type { StoryMention } from "../../../shared/api-types.ts";
import type { Database } from "../../db/schema.ts";
import { mentionScope } from "../mention-query/mention-scope.ts";
import type { Filters } from "../mention-query/resolve-filters.ts";
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
  const stories = [...new Set([...picked.values()].flatMap((m) => (m.story_id === null ? [] : [m.story_id])))];
  const counts = stories.length
    ? await mentionScope(db, filters, filters.range)
        .select(["m.project_id", "d.story_id", sql<number>`count(*)`.as("copies")])
        .where("d.story_id", "in", stories)
        .groupBy(["m.project_id", "d.story_id"])
        .execute()
    : [];
  const copies = new Map(counts.map((c) => [`${c.project_id}:${c.story_id}`, Number(c.copies)]));
  return [...picked].map(([key, row]) => ({ ...mentionNumbers(row), story_copies: copies.get(key) ?? 1 }));
}
