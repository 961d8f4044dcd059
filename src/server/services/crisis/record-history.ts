import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";

export type Change = { field: string; old: string | number | null; new: string | number | null };

/** Writes one history row per change of an incident; userId null is the detector. */
export async function recordHistory(
  db: Kysely<Database> | Transaction<Database>,
  incident: { id: number; project_id: number },
  userId: number | null,
  changes: Change[],
  at: Date,
): Promise<void> {
  if (changes.length === 0) return;
  await db
    .insertInto("incident_history")
    .values(
      changes.map((c) => ({
        project_id: incident.project_id,
        incident_id: incident.id,
        user_id: userId,
        field: c.field,
        old_value: c.old === null ? null : String(c.old),
        new_value: c.new === null ? null : String(c.new),
        at,
      })),
    )
    .execute();
}
