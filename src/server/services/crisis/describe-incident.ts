import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";
import { getTopWords } from "../dashboard/index.ts";
import { mentionScope, type Filters } from "../mention-query/index.ts";
import { crisisFilters, DETECTOR_VIEWER } from "./crisis-mentions.ts";
import { storyHeadline } from "../stories/index.ts";

export type IncidentDrivers = {
  stories: { id: number; mentions: number; title: string }[];
  sources: { name: string; mentions: number }[];
  channels: { id: number; mentions: number }[];
  terms: string[];
};

/** A story's key among a crisis's mentions; a document without a story stands alone. */
const STORY_KEY = sql<number>`coalesce(d.story_id, -d.id)`;

/**
 * The stories of a crisis's mentions (crisisFilters) with the most copies, each titled by its own headline
 * (story-headline.ts): what the hot-topics widget shows and what titles a detected incident.
 */
export async function crisisStories(db: Kysely<Database> | Transaction<Database>, filters: Filters, limit: number) {
  const scope = () => mentionScope(db as Kysely<Database>, filters, filters.range);
  const stories = await scope()
    .select([STORY_KEY.as("key"), sql<number>`count(*)`.as("mentions")])
    .groupBy(STORY_KEY)
    .orderBy(sql`count(*)`, "desc")
    .orderBy(sql`sum(d.likes + d.shares + d.comments)`, "desc")
    .orderBy("key", "desc")
    .limit(limit)
    .execute();
  if (stories.length === 0) return [];
  const texts = await scope()
    .select([STORY_KEY.as("key"), "d.title", "d.content", sql<number>`count(*)`.as("copies"), sql<Date>`min(m.published_at)`.as("first")])
    .where(
      STORY_KEY,
      "in",
      stories.map((s) => s.key),
    )
    .groupBy([STORY_KEY, "d.title", "d.content"])
    .execute();
  return stories.flatMap((story) => {
    const title = storyHeadline(
      texts
        .filter((t) => Number(t.key) === Number(story.key))
        .map((t) => ({ title: t.title, content: t.content, copies: Number(t.copies), first: new Date(t.first) })),
    );
    return title ? [{ id: Number(story.key), mentions: Number(story.mentions), title }] : [];
  });
}

/**
 * What drove an incident, from its mentions as the detector attached them (noise included): the stories with the most
 * copies (the first one titles it), the sources and channels, and the terms of its negative mentions.
 */
export async function describeIncident(
  db: Kysely<Database> | Transaction<Database>,
  incident: { id: number; project_id: number; started_at: Date; ended_at: Date | null },
  now: Date,
): Promise<{ title: string | null; storyId: number | null; drivers: IncidentDrivers }> {
  const filters = await crisisFilters(db, incident, DETECTOR_VIEWER, now);
  const scope = mentionScope(db as Kysely<Database>, filters, filters.range);
  const [stories, sources, channels, words] = await Promise.all([
    crisisStories(db, filters, 5),
    scope
      .select(["d.source_name as name", sql<number>`count(*)`.as("mentions")])
      .groupBy("d.source_name")
      .orderBy(sql`count(*)`, "desc")
      .limit(5)
      .execute(),
    scope
      .select(["m.channel as id", sql<number>`count(*)`.as("mentions")])
      .groupBy("m.channel")
      .orderBy(sql`count(*)`, "desc")
      .execute(),
    getTopWords(db as Kysely<Database>, { ...filters, sentiments: [2] }),
  ]);
  const lead = stories[0];
  return {
    title: lead?.title ?? null,
    storyId: lead && lead.id > 0 ? lead.id : null,
    drivers: {
      stories,
      sources: sources.map((s) => ({ name: s.name, mentions: Number(s.mentions) })),
      channels: channels.map((c) => ({ id: c.id, mentions: Number(c.mentions) })),
      terms: words.words.slice(0, 10).map((w) => w.term),
    },
  };
}
