import { type } from "arktype";
import { runSource } from "../services/collection/run-source.ts";
import type { JobDefinition } from "./job.ts";

/** Each minute, asks the search sources for keywords that projects gained, then marks the requests done. */
export const runBackfillsJob: JobDefinition<object> = {
  id: "run-backfills",
  schema: type({}),
  schedule: "* * * * *",
  async handler(deps) {
    const pending = await deps.db.selectFrom("backfill_requests").select(["id", "keywords"]).where("done_at", "is", null).orderBy("id").limit(20).execute();
    if (pending.length === 0) return;
    const keywordSets = pending.map((p) => p.keywords);
    for (const source of deps.sources.filter((s) => s.byKeywords)) await runSource(deps, deps.http, source, keywordSets);
    await deps.db.updateTable("backfill_requests").set({ done_at: deps.now() }).where("id", "in", pending.map((p) => p.id)).execute();
  },
};
