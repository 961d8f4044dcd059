import type { Deps } from "../../deps.ts";
import type { SourceHealthSchema } from "../../../shared/schemas/answers.ts";

/** Per source: when it last worked, its last error, and how much it collected (last round and in total). */
export async function listSourceHealth(deps: Deps): Promise<(typeof SourceHealthSchema.infer)[]> {
  const rows = await deps.db
    .selectFrom("collector_states")
    .select([
      "collector_id",
      "last_run_at",
      "last_run_ok",
      "last_success_at",
      "last_error_at",
      "last_error_kind",
      "last_error",
      "items_last_run",
      "items_total",
    ])
    .orderBy("collector_id")
    .execute();
  return rows.map(({ last_run_ok, ...r }) => ({ ...r, healthy: last_run_ok }));
}
