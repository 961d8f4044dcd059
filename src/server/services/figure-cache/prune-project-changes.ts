import { sql } from "kysely";
import type { Deps } from "../../deps.ts";

/** Keeps the newest change of each project: the log only has to tell "changed since", and stays small. */
export async function pruneProjectChanges(deps: Deps): Promise<number> {
  const result = await sql`
    delete from project_changes p
    using (select project_id, max(id) as newest from project_changes group by project_id) n
    where p.project_id = n.project_id and p.id < n.newest`.execute(deps.db);
  return Number(result.numAffectedRows ?? 0);
}
