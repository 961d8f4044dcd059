import type { Insertable, Transaction } from "kysely";
import type { Database, DocumentsTable } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import type { StoryText } from "../../nlp/near-duplicate.ts";
import { assignStories, storyIndexOf } from "../stories/index.ts";
import type { DocumentScope } from "../../db/document-scope.ts";

/** Sets the story of each new document, in the ingest transaction (services/stories/assign-stories.ts). */
export async function attachStories(
  deps: Deps,
  trx: Transaction<Database>,
  scope: DocumentScope,
  fresh: Insertable<DocumentsTable>[],
  texts: Map<string, StoryText>,
  now: Date,
): Promise<void> {
  const stories = await assignStories(
    trx,
    storyIndexOf(deps.db),
    scope,
    fresh.map((row) => ({ key: row.dedup_key, text: texts.get(row.dedup_key)! })),
    now,
  );
  for (const row of fresh) row.story_id = stories.get(row.dedup_key)!;
}
