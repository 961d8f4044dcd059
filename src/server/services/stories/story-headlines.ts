import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";

const HEADLINE_LENGTH = 140;

/** How a story (or a document standing for one) is named: its title, else the start of its text, on one line. */
export function storyHeadline(doc: { title: string | null; content: string }): string {
  const text = (doc.title || doc.content).replace(/\s+/g, " ").trim();
  return text.length > HEADLINE_LENGTH ? `${text.slice(0, HEADLINE_LENGTH - 1)}…` : text;
}

/**
 * Each story's headline, from the first document stored in it (the one that founded it, while it is kept): the same
 * name in every export and every period. A story's documents all belong to its scope (stories are found per scope), so
 * the headline is never another account's text.
 */
export async function storyHeadlines(db: Kysely<Database> | Transaction<Database>, storyIds: readonly number[]) {
  if (storyIds.length === 0) return new Map<number, string>();
  const founders = await db
    .selectFrom("documents")
    .select(["story_id", "title", "content"])
    .distinctOn("story_id")
    .where("story_id", "in", storyIds)
    .orderBy("story_id")
    .orderBy("id")
    .execute();
  return new Map(founders.map((doc) => [Number(doc.story_id), storyHeadline(doc)]));
}
