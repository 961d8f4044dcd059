import type { CollectorError, HttpClient } from "../../collectors/index.ts";
import type { Deps } from "../../deps.ts";
import { ingestDocuments } from "../ingest/index.ts";
import type { Source } from "./sources.ts";

type SourceRound = { collected: number; mentions: number; errors: CollectorError[] };

/**
 * One polling round of a source: resume from its saved state, poll (once per keyword set for search sources), send
 * what came back through the pipeline, then save the new state and its health. Provider problems are recorded, not thrown.
 */
export async function runSource(deps: Deps, http: HttpClient, source: Source, keywordSets: string[][]): Promise<SourceRound> {
  const now = deps.now();
  const row = await deps.db
    .selectFrom("collector_states")
    .select("state")
    .where("collector_id", "=", source.collector.id)
    .executeTakeFirst();
  let state: unknown = row?.state ?? null;
  const round: SourceRound = { collected: 0, mentions: 0, errors: [] };
  for (const keywords of source.byKeywords ? keywordSets : [undefined]) {
    const result = await source.collector.poll({ now, http, keywords }, state);
    state = result.state;
    if (result.error) round.errors.push(result.error);
    if (result.documents.length > 0) {
      round.collected += result.documents.length;
      round.mentions += (await ingestDocuments(deps, result.documents)).mentions;
    }
  }
  const error = round.errors.at(-1);
  const health = {
    state: JSON.stringify(state),
    last_run_at: now,
    last_run_ok: !error,
    items_last_run: round.collected,
    ...(error ? { last_error_at: now, last_error_kind: error.kind, last_error: error.message.slice(0, 500) } : { last_success_at: now }),
  };
  await deps.db
    .insertInto("collector_states")
    .values({ collector_id: source.collector.id, ...health, items_total: round.collected })
    .onConflict((oc) =>
      oc.column("collector_id").doUpdateSet((eb) => ({ ...health, items_total: eb("collector_states.items_total", "+", round.collected) })),
    )
    .execute();
  return round;
}

/** Search sources look for each project's keywords; a set is one project's list. */
export async function projectKeywordSets(deps: Deps): Promise<string[][]> {
  const rows = await deps.db.selectFrom("projects").select("keywords").where("is_demo", "=", false).execute();
  return rows.map((r) => r.keywords).filter((k) => k.length > 0);
}
