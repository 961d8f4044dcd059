import type { Deps } from "../../deps.ts";
import { runSource } from "./run-source.ts";

const BATCH = 20;

/** Asks the search sources for keywords that projects gained, then marks those requests done. */
export async function runPendingBackfills(deps: Deps): Promise<void> {
  const pending = await deps.db
    .selectFrom("backfill_requests")
    .select(["id", "keywords"])
    .where("done_at", "is", null)
    .orderBy("id")
    .limit(BATCH)
    .execute();
  if (pending.length === 0) return;
  const keywordSets = pending.map((p) => p.keywords);
  for (const source of deps.sources.filter((s) => s.byKeywords)) await runSource(deps, deps.http, source, keywordSets);
  await deps.db
    .updateTable("backfill_requests")
    .set({ done_at: deps.now() })
    .where(
      "id",
      "in",
      pending.map((p) => p.id),
    )
    .execute();
}
