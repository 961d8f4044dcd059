import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";

/**
 * What the projects' figures rest on, as a string that changes whenever a transaction recording a change commits.
 * The newest id alone would miss a change committed after a later one (ids are taken at insert, not at commit); the
 * number of rows sees it.
 */
export async function projectDataStamp(db: Kysely<Database>, projectIds: number[]): Promise<string> {
  const { rows } = await sql<{ changes: number; newest: number | null }>`
    select count(*)::int as changes, max(id) as newest from project_changes where project_id = any(${projectIds})`.execute(db);
  return `${rows[0].changes}:${rows[0].newest ?? 0}`;
}
