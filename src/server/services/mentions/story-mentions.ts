import type { StoryMentions } from "../../../shared/api-types.ts";
import type { DashboardQuery } from "../../../shared/schemas/dashboard.ts";
import { AppError } from "../../errors.ts";
import type { Deps } from "../../deps.ts";
import type { AuthUser } from "../auth/index.ts";
import { mentionScope, resolveFilters } from "../mention-query/index.ts";
import { mentionNumbers, orderMentions, PAGE_SIZE, selectMentionView } from "./mention-view.ts";

/**
 * One page (20) of a story's mentions in the caller's projects of the query, under the list's filters, newest first:
 * the copies behind a story of the list grouped by story. A story none of those projects mentions is not found.
 */
export async function storyMentions(
  deps: Deps,
  user: AuthUser,
  storyId: number,
  query: typeof DashboardQuery.infer,
): Promise<StoryMentions<Date>> {
  const filters = await resolveFilters(deps, user, query);
  const seen = await deps.db
    .selectFrom("mentions as m")
    .innerJoin("documents as d", "d.id", "m.document_id")
    .select("m.document_id")
    .where("d.story_id", "=", storyId)
    .where("m.project_id", "in", filters.projectIds)
    .limit(1)
    .executeTakeFirst();
  if (!seen) throw AppError.of(404, "story.not_found");
  const scope = () => mentionScope(deps.db, filters, filters.range).where("d.story_id", "=", storyId);
  const [rows, { total }] = await Promise.all([
    orderMentions(selectMentionView(scope()), "time")
      .limit(PAGE_SIZE)
      .offset((filters.page - 1) * PAGE_SIZE)
      .execute(),
    scope()
      .select((eb) => eb.fn.countAll<number>().as("total"))
      .executeTakeFirstOrThrow(),
  ]);
  return { story_id: storyId, data: rows.map(mentionNumbers), total: Number(total), page: filters.page, per_page: PAGE_SIZE };
}
