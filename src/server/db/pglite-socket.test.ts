import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "./client.ts";
import { PGLITE_LOGIN, startPgliteThread } from "./pglite-socket.ts";

describe("the embedded database in its own thread", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({ memory: true });
  });
  afterAll(() => handle.close());

  it("answers queries with parameters, Vietnamese text and large results", async () => {
    const { rows } = await sql<{ sum: number; text: string; big: string }>`
      select ${41}::int + 1 as sum, ${"Sữa Mộc Lan hoà giải"}::text as text, repeat('ồ', 200000) as big`.execute(handle.db);
    expect(rows[0].sum).toBe(42);
    expect(rows[0].text).toBe("Sữa Mộc Lan hoà giải");
    expect(rows[0].big.length).toBe(200000);
  });

  it("reports errors with their code and constraint, and a rolled-back transaction leaves nothing", async () => {
    await sql`create table thread_t (id int primary key)`.execute(handle.db);
    const duplicate = handle.db.transaction().execute(async (trx) => {
      await sql`insert into thread_t values (1)`.execute(trx);
      await sql`insert into thread_t values (1)`.execute(trx);
    });
    await expect(duplicate).rejects.toMatchObject({ code: "23505", constraint: "thread_t_pkey" });
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from thread_t`.execute(handle.db);
    expect(rows[0].n).toBe(0);
  });

  it("keeps the event loop turning while a query runs", async () => {
    let turns = 0;
    let running = true;
    const spin = () => {
      turns += 1;
      if (running) setImmediate(spin);
    };
    setImmediate(spin);
    await sql`select sum(i) from generate_series(1, 1000000) as i`.execute(handle.db);
    running = false;
    // In the main thread the query would hold the loop for its whole run: a handful of turns at most.
    expect(turns).toBeGreaterThan(20);
  });

  it("fails a query once the thread has stopped, instead of leaving it waiting", async () => {
    const thread = await startPgliteThread(undefined);
    const pool = new pg.Pool({ ...PGLITE_LOGIN, stream: thread.socket, max: 1 });
    expect((await pool.query("select 1 as one")).rows).toEqual([{ one: 1 }]);
    await pool.end();
    await thread.close();
    const late = new pg.Pool({ ...PGLITE_LOGIN, stream: thread.socket, max: 1 });
    await expect(late.query("select 1")).rejects.toThrow("the database thread stopped");
    await late.end();
  });
});
