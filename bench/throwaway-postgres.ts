import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "../src/server/db/client.ts";

/** Runs a bench on a new database of the DATABASE_URL server and drops it afterwards; says so when there is none. */
export async function withThrowawayPostgres(run: (handle: DatabaseHandle) => Promise<void>): Promise<void> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return console.log("PostgreSQL skipped: set DATABASE_URL=postgres://… to measure it");
  const name = `nghe_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    await run(await openDatabase({ url: url.toString() }));
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
