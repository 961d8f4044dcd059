import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { sql, type Kysely } from "kysely";
import type { Database } from "./schema.ts";

type Migration = { version: number; name: string; sql: string };

const MIGRATIONS_DIR = fileURLToPath(new URL("./migrations/", import.meta.url));
// Any constant works; it only has to be the same in every process that migrates this database.
const MIGRATION_LOCK_ID = 7_446_811;

export function loadMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((file) => /^\d{4}_[a-z0-9_]+\.sql$/.test(file))
    .sort()
    .map((file) => ({
      version: Number(file.slice(0, 4)),
      name: file.slice(5, -4),
      sql: readFileSync(dir + file, "utf8"),
    }));
}

/** Applies pending migrations in order, each in its own transaction; safe when several processes start at once. */
export async function migrate(db: Kysely<Database>, migrations = loadMigrations()): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`.execute(trx);
    // Under the lock: two processes creating the table at once on a new database both miss it, and one of them then
    // fails on a duplicate key in pg_type ("if not exists" does not guard against a concurrent create).
    await sql`create table if not exists schema_migrations (
      version integer primary key,
      name text not null,
      applied_at timestamptz not null default now()
    )`.execute(trx);
    const applied = new Set((await trx.selectFrom("schema_migrations").select("version").execute()).map((r) => r.version));
    for (const migration of migrations) {
      if (applied.has(migration.version)) continue;
      await sql.raw(migration.sql).execute(trx);
      await trx.insertInto("schema_migrations").values({ version: migration.version, name: migration.name }).execute();
    }
    return currentVersion(trx);
  });
}

export async function currentVersion(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("schema_migrations")
    .select((eb) => eb.fn.max("version").as("version"))
    .executeTakeFirst();
  return row?.version ?? 0;
}
