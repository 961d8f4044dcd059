import { join, resolve } from "node:path";
import type { Config } from "../config.ts";
import { openDatabase, type DatabaseHandle } from "../db/client.ts";
import { migrate } from "../db/migrate.ts";
import { makeDataDirPrivate } from "./private-data-dir.ts";

export function describeDatabase(config: Config): string {
  return config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${resolve(config.dataDir, "pglite")}`;
}

export async function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  const handle = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: join(resolve(config.dataDir), "pglite") },
  );
  try {
    await migrate(handle.db);
  } catch (error) {
    await handle.close();
    throw error;
  }
  // PGlite has just unpacked or rewritten files with its own modes.
  if (!config.databaseUrl) makeDataDirPrivate(resolve(config.dataDir));
  return handle;
}
