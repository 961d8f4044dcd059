import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";

// The first key of the (int, int) advisory lock; the second is the account id. Any constant not used elsewhere.
const RETRAIN_LOCK = 7_446_814;

/**
 * Runs `work` holding the account's retraining lock (a PostgreSQL session advisory lock), or returns undefined at once
 * when another retraining of the account holds it, in this process or another. On PostgreSQL the lock is taken and
 * released on one connection kept for the run. PGlite has a single session for everything: keeping its connection
 * would stall every other query, and a session's advisory locks are re-entrant, so the lock is taken only when
 * pg_locks shows nobody, this session included, holding it (one statement, so nothing runs in between).
 */
export async function withRetrainLock<T>(deps: Deps, accountId: number, work: () => Promise<T>): Promise<T | undefined> {
  if (deps.dbKind === "pglite") return holding(deps.db, accountId, work);
  return deps.db.connection().execute((connection) => holding(connection, accountId, work));
}

async function holding<T>(db: Kysely<Database>, accountId: number, work: () => Promise<T>): Promise<T | undefined> {
  const { rows } = await sql<{ locked: boolean }>`
    select coalesce((
      select pg_try_advisory_lock(${RETRAIN_LOCK}, ${accountId}::int)
      where not exists (select 1 from pg_locks where locktype = 'advisory' and classid = ${RETRAIN_LOCK}::oid
        and objid = ${accountId}::int::oid and objsubid = 2 and granted)
    ), false) as locked`.execute(db);
  if (!rows[0].locked) return undefined;
  try {
    return await work();
  } finally {
    await sql`select pg_advisory_unlock(${RETRAIN_LOCK}, ${accountId}::int)`.execute(db);
  }
}
