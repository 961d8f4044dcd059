import type { DataStatus } from "../../../shared/api-types.ts";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import { loadProjectTree, projectIds } from "./project-tree.ts";

/**
 * Where a project's data stands, for a dashboard that has none yet: the mentions each project has (any period), when
 * its keywords were last set (the onboarding scan ran then) and whether the collectors have looked back for them, whether
 * collection runs on this server and when it last did, and the account's ingest keys.
 */
export async function dataStatus(deps: Deps, userId: number): Promise<DataStatus> {
  const tree = await loadProjectTree(deps.db, userId);
  if (!tree) throw AppError.of(404, "project.not_found");
  const ids = projectIds(tree);
  const [counts, lookback, collected, keys] = await Promise.all([
    deps.db
      .selectFrom("mentions")
      .select(["project_id", (eb) => eb.fn.countAll<string>().as("mentions"), (eb) => eb.fn.max("published_at").as("latest_at")])
      .where("project_id", "in", ids)
      .groupBy("project_id")
      .execute(),
    deps.db
      .selectFrom("backfill_requests")
      .select(["requested_at", "done_at"])
      .where("project_id", "in", ids)
      .orderBy("requested_at", "desc")
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst(),
    deps.db
      .selectFrom("collector_states")
      .select((eb) => eb.fn.max("last_success_at").as("at"))
      .executeTakeFirst(),
    deps.db
      .selectFrom("api_keys")
      .select((eb) => eb.fn.countAll<string>().as("count"))
      .where("user_id", "=", userId)
      .where("revoked_at", "is", null)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    collecting: deps.config.collect.enabled,
    last_collected_at: collected?.at ? new Date(collected.at).toISOString() : null,
    projects: [tree.brand, ...tree.competitors].map((p) => {
      const row = counts.find((c) => Number(c.project_id) === p.id);
      return {
        id: p.id,
        name: p.name,
        mentions: Number(row?.mentions ?? 0),
        latest_at: row?.latest_at ? new Date(row.latest_at).toISOString() : null,
      };
    }),
    keywords_set_at: (lookback?.requested_at ?? tree.brand.updated_at).toISOString(),
    looked_back_at: lookback?.done_at ? lookback.done_at.toISOString() : null,
    api_keys: Number(keys.count),
  };
}
