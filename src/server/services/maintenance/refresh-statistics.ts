import { sql } from "kysely";
import type { Deps } from "../../deps.ts";

/**
 * Keeps the planner informed. PGlite runs no autovacuum at all: without this its tables never get statistics (a search
 * then read every mention of the period row by row) and the rows the counters' updates leave behind are never
 * reclaimed; at its sizes a whole `vacuum analyze` takes about a second (the 20,000-document demo). On PostgreSQL
 * autovacuum looks after every partition, but never analyzes a partitioned table itself.
 */
export async function refreshStatistics(deps: Deps): Promise<void> {
  await sql.raw(deps.dbKind === "pglite" ? "vacuum analyze" : "analyze mentions").execute(deps.db);
}
