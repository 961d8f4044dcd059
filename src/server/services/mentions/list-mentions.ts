import type { Kysely } from "kysely";
import type { Counters, MentionPage, StoryMention, StoryPage } from "../../../shared/api-types.ts";
import type { Database } from "../../db/schema.ts";
import { countersBy, countMentions, mentionScope, type Filters } from "../mention-query/index.ts";
import { listStories } from "./list-stories.ts";
import { mentionNumbers, orderMentions, PAGE_SIZE, selectMentionView } from "./mention-view.ts";
import { storyCards } from "./story-cards.ts";

/**
 * One page (20) of the filtered mentions in the chosen order and their total count, read side by side; grouped by
 * story, one page of stories (list-stories.ts).
 */
export async function listMentions(db: Kysely<Database>, filters: Filters): Promise<MentionPage<Date> | StoryPage<Date>> {
  if (filters.group === "story") return listStories(db, filters);
  const page = orderMentions(selectMentionView(mentionScope(db, filters, filters.range)), filters.sort)
    .limit(PAGE_SIZE)
    .offset((filters.page - 1) * PAGE_SIZE)
    .execute();
  const [total, rows] = await Promise.all([countMentions(db, filters), page]);
  return { data: rows.map(mentionNumbers), total, page: filters.page, per_page: PAGE_SIZE };
}

/** Totals of the filtered set (the counters of the mention screen). */
export async function mentionStats(db: Kysely<Database>, filters: Filters): Promise<Counters> {
  const [row] = await countersBy(db, filters, filters.range, null);
  const { key: _key, ...counters } = row;
  return counters;
}

/** The newest mentions, one per story (cards of the overview). */
export function latestMentions(db: Kysely<Database>, filters: Filters): Promise<StoryMention<Date>[]> {
  return storyCards(db, filters, "time");
}

/** The mentions with the most interactions (likes + shares + comments), one per story. */
export function hotMentions(db: Kysely<Database>, filters: Filters): Promise<StoryMention<Date>[]> {
  return storyCards(db, filters, "interact");
}
