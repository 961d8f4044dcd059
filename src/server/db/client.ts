import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { PGLITE_LOGIN, startPgliteThread } from "./pglite-socket.ts";
import type { Database } from "./schema.ts";

export type DatabaseKind = "pglite" | "postgres";

export type DatabaseHandle = {
  kind: DatabaseKind;
  db: Kysely<Database>;
  pool: pg.Pool;
  close(): Promise<void>;
};

type DatabaseTarget = { url: string } | { dataDir: string } | { memory: true };

// int8 and numeric come back as strings by default; counters here fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));
// A calendar date stays YYYY-MM-DD: made a Date it would become midnight in the server's own time zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if ("url" in target) return openPostgres(target.url);
  return openPglite("dataDir" in target ? resolve(target.dataDir) : undefined);
}

function openPostgres(url: string): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server closed (restart, failover, a dropped database) is replaced at the next checkout;
  // without a listener its error event would end the process.
  pool.on("error", () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { kind: "postgres", db, pool, close: () => db.destroy() };
}

async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(dirname(dataDir), { recursive: true });
  const thread = await startPgliteThread(dataDir);
  // PGlite has a single session: one connection for everything, or transactions interleave.
  const pool = new pg.Pool({ ...PGLITE_LOGIN, stream: thread.socket, max: 1 });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    kind: "pglite",
    db,
    pool,
    close: async () => {
      await db.destroy();
      await thread.close();
    },
  };
}
