import { type Kysely, sql, type Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";
import { storyHeadline } from "./story-headline.ts";

/** A document read as a story of its own (one the story backfill has not reached yet). */
export function documentHeadline(doc: { title: string | null; content: string; published_at: Date }): string {
  return storyHeadline([{ title: doc.title, content: doc.content, copies: 1, first: doc.published_at }]) ?? "";
}

/**
 * Each story's headline by the one rule (story-headline.ts), from every distinct text it holds: the same name in every
 * export, screen and period. A story's documents all belong to its scope (stories are found per scope), so the
 * headline is never another account's text.
 */
export async function storyHeadlines(db: Kysely<Database> | Transaction<Database>, storyIds: readonly number[]) {
  if (storyIds.length === 0) return new Map<number, string>();
  const texts = await db
    .selectFrom("documents")
    .select(["story_id", "title", "content", sql<number>`count(*)`.as("copies"), sql<Date>`min(published_at)`.as("first")])
    .where("story_id", "in", storyIds)
    .groupBy(["story_id", "title", "content"])
    .execute();
  const byStory = Map.groupBy(texts, (text) => Number(text.story_id));
  const headlines = new Map<number, string>();
  for (const [id, rows] of byStory) {
    const headline = storyHeadline(
      rows.map((r) => ({ title: r.title, content: r.content, copies: Number(r.copies), first: new Date(r.first) })),
    );
    if (headline) headlines.set(id, headline);
  }
  return headlines;
}
