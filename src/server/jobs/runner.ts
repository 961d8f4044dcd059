import { type } from "arktype";
import { PgBoss } from "pg-boss";
import { TIME_ZONE } from "../../shared/time-zone.ts";
import type { Deps } from "../deps.ts";
import type { JobDefinition } from "./job.ts";

/**
 * pg-boss on the app's own database: on PGlite through a tiny executeSql adapter over the shared single-connection
 * pool, on PostgreSQL the same way (workers of several processes then share the queues).
 */
// biome-ignore lint/suspicious/noExplicitAny: jobs carry different data; each definition's schema checks its own.
export async function startJobRunner(deps: Deps, jobs: JobDefinition<any>[]): Promise<{ stop(): Promise<void> }> {
  const boss = await startBoss(deps);
  for (const job of jobs) {
    await boss.createQueue(job.id);
    if (job.schedule) await boss.schedule(job.id, job.schedule, {}, { tz: TIME_ZONE });
    await boss.work(job.id, async ([received]) => {
      const data = job.schema(received.data ?? {});
      if (data instanceof type.errors) throw new Error(`${job.id}: ${data.summary}`);
      await job.handler(deps, data);
    });
  }
  return { stop: () => boss.stop({ graceful: true, timeout: 10_000 }) };
}

/** How many times a worker starts pg-boss again after losing the race to install its schema. */
const INSTALL_ATTEMPTS = 3;

/**
 * Starts pg-boss, installing its schema on a new database. Workers starting together on a new database race to install
 * it; pg-boss serializes the install with an advisory lock, but the loser's `create schema if not exists` can still
 * miss the schema the winner committed while it waited and fail on a duplicate key (23505). Started again, it finds
 * the schema installed.
 */
async function startBoss(deps: Deps): Promise<PgBoss> {
  for (let attempt = 1; ; attempt += 1) {
    const boss = new PgBoss({ db: { executeSql: (text: string, values?: unknown[]) => deps.pool.query(text, values as unknown[]) } });
    boss.on("error", (error) => deps.log.error("job runner", error));
    try {
      return await boss.start();
    } catch (error) {
      await boss.stop({ graceful: false }).catch(() => undefined);
      if (attempt >= INSTALL_ATTEMPTS || (error as { code?: unknown })?.code !== "23505") throw error;
      deps.log.info("Job runner: another process installed pg-boss at the same moment; starting again.");
    }
  }
}
