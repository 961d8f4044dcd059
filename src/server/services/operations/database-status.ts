import { currentVersion } from "../../db/migrate.ts";
import type { Deps } from "../../deps.ts";
import { connectionHealth } from "./connection-health.ts";

const COUNTED = ["users", "projects", "documents", "mentions"] as const;

/** Database kind, migration version, row counts of the main tables and the connections' health, for staff. */
export async function databaseStatus(deps: Deps) {
  const migration = await currentVersion(deps.db);
  const counts: Record<string, number> = {};
  for (const table of COUNTED) {
    counts[table] = Number(
      (
        await deps.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  }
  return { database: deps.dbKind, migration, ...counts, connections: await connectionHealth(deps) };
}
