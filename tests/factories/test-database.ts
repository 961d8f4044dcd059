import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "../../src/server/db/client.ts";
import { loadMigrations, migrate } from "../../src/server/db/migrate.ts";

/**
 * A fresh, migrated database for one test file (migration tests pass the first migrations only): an in-memory PGlite,
 * or (NGHE_TEST_DB=postgres) a new database created on the DATABASE_URL server and dropped afterwards.
 */
export async function freshDatabase(migrations = loadMigrations()): Promise<DatabaseHandle> {
  const handle = process.env.NGHE_TEST_DB === "postgres" ? await freshPostgres() : await openDatabase({ memory: true });
  await migrate(handle.db, migrations);
  return handle;
}

async function freshPostgres(): Promise<DatabaseHandle> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error("NGHE_TEST_DB=postgres needs DATABASE_URL");
  const name = `nghe_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString() });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
