import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";

const HEADLINE_LENGTH = 140;

/** How a story (or a document standing for one) is named: its title, else the start of its text, on one line. */
export function storyHeadline(doc: { title: string | null; content: string }): string {
  const text = (doc.title || doc.content).replace(/\s+/g, " ").trim();
  return text.length > HEADLINE_LENGTH ? `${text.slice(0, HEADLINE_LENGTH - 1)}…` : text;
}

/**
 * Each story's headline, from the first document stored in it (the one that founded it, while it is kept), in the
 * story's own scope: the same name in every export and every period.
 */
export async function storyHeadlines(db: Kysely<Database> | Transaction<Database>, storyIds: readonly number[]) {
  if (storyIds.length === 0) return new Map<number, string>();
  const founders = await db
    .selectFrom("documents as d")
    .innerJoin("stories as s", "s.id", "d.story_id")
    .select(["d.story_id", "d.title", "d.content"])
    .distinctOn("d.story_id")
    .where("d.story_id", "in", storyIds)
    .whereRef("d.account_id", "is not distinct from", "s.account_id")
    .orderBy("d.story_id")
    .orderBy("d.id")
    .execute();
  return new Map(founders.map((doc) => [Number(doc.story_id), storyHeadline(doc)]));
}
