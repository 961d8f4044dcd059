import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";

/**
 * Notes, in the caller's transaction, that these projects' figures changed: cached answers for them stop being used
 * the moment the transaction commits, in every process, and not before.
 */
export async function recordProjectChanges(db: Kysely<Database> | Transaction<Database>, projectIds: Iterable<number>): Promise<void> {
  const ids = [...new Set(projectIds)].sort((a, b) => a - b);
  if (ids.length === 0) return;
  await db
    .insertInto("project_changes")
    .values(ids.map((project_id) => ({ project_id })))
    .execute();
}
