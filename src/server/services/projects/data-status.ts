import { sql } from "kysely";
import type { DataStatus } from "../../../shared/api-types.ts";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import { loadProjectTree, projectIds } from "./project-tree.ts";

/**
 * Where a project's data stands, for a dashboard that has none yet: the mentions each project has (any period), when
 * its keywords were last set (the onboarding scan ran then) and whether the collectors have looked back for them, whether
 * collection runs on this server and when it last did, the account's ingest keys, and whether a demo can be shown.
 */
export async function dataStatus(deps: Deps, userId: number): Promise<DataStatus> {
  const tree = await loadProjectTree(deps.db, userId);
  if (!tree) throw AppError.of(404, "project.not_found");
  const ids = projectIds(tree);
  const [counts, lookback, collected, keys, demo] = await Promise.all([
    mentionCounts(deps, ids),
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
    deps.db.selectFrom("projects").select("id").where("is_demo", "=", true).limit(1).executeTakeFirst(),
  ]);
  return {
    collecting: deps.config.collect.enabled,
    last_collected_at: collected?.at ? new Date(collected.at).toISOString() : null,
    projects: [tree.brand, ...tree.competitors].map((p) => {
      const row = counts.find((c) => c.id === p.id)!;
      return { id: p.id, name: p.name, mentions: row.mentions, latest_at: row.latest_at ? new Date(row.latest_at).toISOString() : null };
    }),
    keywords_set_at: (lookback?.requested_at ?? tree.brand.updated_at).toISOString(),
    looked_back_at: lookback?.done_at ? lookback.done_at.toISOString() : null,
    api_keys: Number(keys.count),
    demo_available: demo !== undefined,
  };
}

/**
 * Each project's mentions of all time and its newest one's time: the count from the hourly counters (exact, and a few
 * rows an hour however big the project), the time from the mentions' own index.
 */
function mentionCounts(deps: Deps, ids: number[]) {
  return Promise.all(
    ids.map(async (id) => {
      const [{ mentions }, { latest_at }] = await Promise.all([
        deps.db
          .selectFrom("mention_rollups_hourly")
          .select((eb) => eb.fn.coalesce(eb.fn.sum<string>("mentions"), sql<string>`0`).as("mentions"))
          .where("project_id", "=", id)
          .executeTakeFirstOrThrow(),
        deps.db
          .selectFrom("mentions")
          .select((eb) => eb.fn.max("published_at").as("latest_at"))
          .where("project_id", "=", id)
          .executeTakeFirstOrThrow(),
      ]);
      return { id, mentions: Number(mentions), latest_at };
    }),
  );
}
