import type { Deps } from "../../deps.ts";
import { projectKeywordSets, runSource } from "./run-source.ts";

/** Polls the sources whose own interval has passed since their last round. */
export async function collectDueSources(deps: Deps): Promise<void> {
  const now = deps.now().getTime();
  const lastRuns = new Map(
    (await deps.db.selectFrom("collector_states").select(["collector_id", "last_run_at"]).execute()).map((r) => [
      r.collector_id,
      r.last_run_at,
    ]),
  );
  const keywordSets = await projectKeywordSets(deps);
  for (const source of deps.sources) {
    const last = lastRuns.get(source.collector.id);
    if (last && now - new Date(last).getTime() < source.everyMs) continue;
    const round = await runSource(deps, deps.http, source, keywordSets);
    deps.log.info(
      `collect ${source.collector.id}: ${round.collected} documents, ${round.mentions} mentions${round.errors.length ? `, error ${round.errors[0].kind}` : ""}`,
    );
  }
}
