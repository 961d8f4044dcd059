import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";
import { getTopWords } from "../dashboard/overview-figures.ts";
import { storyHeadline } from "../stories/story-headlines.ts";
import { incidentFilters } from "./incident-filters.ts";

export type IncidentDrivers = {
  stories: { id: number; mentions: number; title: string }[];
  sources: { name: string; mentions: number }[];
  channels: { id: number; mentions: number }[];
  terms: string[];
};

/**
 * What drove an incident, from its attached mentions: the stories with the most copies (the first one titles it; a
 * mention without a story stands alone), the sources and channels, and the terms of the incident's negative mentions.
 */
export async function describeIncident(
  db: Kysely<Database> | Transaction<Database>,
  incident: { id: number; project_id: number; started_at: Date; ended_at: Date | null },
  now: Date,
): Promise<{ title: string | null; storyId: number | null; drivers: IncidentDrivers }> {
  const attached = db
    .selectFrom("incident_mentions as im")
    .innerJoin("mentions as m", (j) => j.onRef("m.document_id", "=", "im.document_id").onRef("m.project_id", "=", "im.project_id"))
    .innerJoin("documents as d", "d.id", "im.document_id")
    .where("im.incident_id", "=", incident.id);
  const [stories, sources, channels] = await Promise.all([
    attached
      .select([
        sql<string>`coalesce(d.story_id, -d.id)`.as("key"),
        sql<number>`count(*)`.as("mentions"),
        sql<number>`max(d.id)`.as("sample"),
        sql<number>`sum(d.likes + d.shares + d.comments)`.as("reach"),
      ])
      .groupBy(sql`coalesce(d.story_id, -d.id)`)
      .orderBy(sql`count(*)`, "desc")
      .orderBy(sql`sum(d.likes + d.shares + d.comments)`, "desc")
      .limit(5)
      .execute(),
    attached
      .select(["d.source_name as name", sql<number>`count(*)`.as("mentions")])
      .groupBy("d.source_name")
      .orderBy(sql`count(*)`, "desc")
      .limit(5)
      .execute(),
    attached
      .select(["m.channel as id", sql<number>`count(*)`.as("mentions")])
      .groupBy("m.channel")
      .orderBy(sql`count(*)`, "desc")
      .execute(),
  ]);
  const samples = stories.length
    ? await db
        .selectFrom("documents")
        .select(["id", "title", "content", "story_id"])
        .where(
          "id",
          "in",
          stories.map((s) => Number(s.sample)),
        )
        .execute()
    : [];
  const byId = new Map(samples.map((s) => [s.id, s]));
  const storyList = stories.flatMap((s) => {
    const doc = byId.get(Number(s.sample));
    return doc ? [{ id: Number(s.key), mentions: Number(s.mentions), title: storyHeadline(doc) }] : [];
  });
  const words = await getTopWords(db as Kysely<Database>, incidentFilters(incident, now, { sentiments: [2] }));
  const lead = storyList[0];
  return {
    title: lead?.title ?? null,
    storyId: lead && lead.id > 0 ? lead.id : null,
    drivers: {
      stories: storyList,
      sources: sources.map((s) => ({ name: s.name, mentions: Number(s.mentions) })),
      channels: channels.map((c) => ({ id: c.id, mentions: Number(c.mentions) })),
      terms: words.words.slice(0, 10).map((w) => w.term),
    },
  };
}
