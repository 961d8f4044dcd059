import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";
import { DEFAULT_CRISIS_SETTINGS } from "./crisis-defaults.ts";

export type CrisisSettings = typeof DEFAULT_CRISIS_SETTINGS & { enabled: boolean };

/** A project's detection settings, the defaults where it has none. */
export async function readCrisisSettings(db: Kysely<Database> | Transaction<Database>, projectId: number): Promise<CrisisSettings> {
  const row = await db.selectFrom("crisis_settings").selectAll().where("project_id", "=", projectId).executeTakeFirst();
  if (!row) return { ...DEFAULT_CRISIS_SETTINGS, enabled: true };
  return {
    sensitivity: row.sensitivity,
    minVolume: row.min_volume,
    cooldownHours: row.cooldown_hours,
    resolveHours: row.resolve_hours,
    enabled: row.enabled,
  };
}
