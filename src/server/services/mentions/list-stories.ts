import { sql, type Kysely, type RawBuilder } from "kysely";
import type { StoryPage } from "../../../shared/api-types.ts";
import type { Database } from "../../db/schema.ts";
import { mentionScope, type Filters } from "../mention-query/index.ts";
import { mentionNumbers, PAGE_SIZE, selectMentionView } from "./mention-view.ts";

/** A story's key in a project; a document the story backfill has not reached yet is a story of its own. */
const STORY_KEY = sql<number>`coalesce(d.story_id, -m.document_id)`;

/** The list's sort options for stories (by their best copy), and which copy shows the story. */
const ORDER: Record<Filters["sort"], { stories: RawBuilder<unknown>; copies: RawBuilder<unknown> }> = {
  time: { stories: sql`max(m.published_at) desc`, copies: sql`m.published_at desc` },
  interact: { stories: sql`max(m.interactions) desc`, copies: sql`m.interactions desc` },
  view: { stories: sql`max(d.views) desc`, copies: sql`d.views desc` },
  rate_asc: { stories: sql`min(d.rating) asc nulls last`, copies: sql`d.rating asc nulls last` },
  rate_desc: { stories: sql`max(d.rating) desc nulls last`, copies: sql`d.rating desc nulls last` },
};

/**
 * One page (20) of the filtered mentions grouped by project and story, in the chosen order: each item counts the copies,
 * their channels, first and latest time, and shows the copy that comes first in that order. `total` counts stories.
 */
export async function listStories(db: Kysely<Database>, filters: Filters): Promise<StoryPage<Date>> {
  const order = ORDER[filters.sort];
  const scope = () => mentionScope(db, filters, filters.range);
  const groups = scope()
    .select([
      "m.project_id",
      STORY_KEY.as("story_key"),
      sql<number>`count(*)`.as("copies"),
      sql<number[]>`array_agg(distinct m.channel order by m.channel)`.as("channel_ids"),
      sql<Date>`min(m.published_at)`.as("first_published_at"),
      sql<Date>`max(m.published_at)`.as("latest_published_at"),
      sql<number>`(array_agg(m.document_id order by ${order.copies}, m.published_at desc, m.document_id desc))[1]`.as("lead_id"),
    ])
    .groupBy(["m.project_id", STORY_KEY])
    .orderBy(order.stories)
    .orderBy(sql`max(m.published_at) desc`)
    .orderBy("story_key", "desc")
    .limit(PAGE_SIZE)
    .offset((filters.page - 1) * PAGE_SIZE)
    .execute();
  const total = db
    .selectFrom(scope().select(sql`1`.as("one")).groupBy(["m.project_id", STORY_KEY]).as("stories"))
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .executeTakeFirstOrThrow();
  const [rows, { total: count }] = await Promise.all([groups, total]);
  const leads = rows.length
    ? await selectMentionView(scope())
        .where(
          "m.document_id",
          "in",
          rows.map((r) => Number(r.lead_id)),
        )
        .execute()
    : [];
  const byKey = new Map(leads.map((m) => [`${m.project_id}:${m.id}`, mentionNumbers(m)]));
  return {
    data: rows.map((row) => ({
      story_id: Number(row.story_key) > 0 ? Number(row.story_key) : null,
      project_id: row.project_id,
      copies: Number(row.copies),
      channel_ids: row.channel_ids.map(Number),
      first_published_at: row.first_published_at,
      latest_published_at: row.latest_published_at,
      mention: byKey.get(`${row.project_id}:${row.lead_id}`)!,
    })),
    total: Number(count),
    page: filters.page,
    per_page: PAGE_SIZE,
  };
}
