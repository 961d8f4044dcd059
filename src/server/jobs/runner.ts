import { type } from "arktype";
import type pg from "pg";
import { PgBoss } from "pg-boss";
import type { JobDefinition, JobDeps } from "./job.ts";

/**
 * pg-boss on the app's own database: on PGlite through a tiny executeSql adapter over the shared single-connection
 * pool, on PostgreSQL the same way (workers of several processes then share the queues).
 */
export async function startJobRunner(pool: pg.Pool, deps: JobDeps, jobs: JobDefinition<any>[]): Promise<{ stop(): Promise<void> }> {
  const boss = new PgBoss({ db: { executeSql: (text: string, values?: unknown[]) => pool.query(text, values as unknown[]) } });
  boss.on("error", (error) => deps.log.error("job runner", error));
  await boss.start();
  for (const job of jobs) {
    await boss.createQueue(job.id);
    if (job.schedule) await boss.schedule(job.id, job.schedule, {}, { tz: "Asia/Ho_Chi_Minh" });
    await boss.work(job.id, async ([received]) => {
      const data = job.schema(received.data ?? {});
      if (data instanceof type.errors) throw new Error(`${job.id}: ${data.summary}`);
      await job.handler(deps, data);
    });
  }
  return { stop: () => boss.stop({ graceful: true, timeout: 10_000 }) };
}
