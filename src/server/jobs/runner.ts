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
  const boss = new PgBoss({ db: { executeSql: (text: string, values?: unknown[]) => deps.pool.query(text, values as unknown[]) } });
  boss.on("error", (error) => deps.log.error("job runner", error));
  await boss.start();
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
