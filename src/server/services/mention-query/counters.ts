import { sql, type Kysely } from "kysely";
import { COUNTER_KEYS, type Counters } from "../../../shared/api-types.ts";
import { MENTION_TYPE } from "../../../shared/mention.ts";
import type { TimeRange } from "../../../shared/time-range.ts";
import type { Database } from "../../db/schema.ts";
import { mentionRows, rollupScope } from "./mention-scope.ts";
import { rollupsSuffice, type Filters } from "./resolve-filters.ts";

/** One row per group (or one row without a group), read from the rollups when the filters allow, else from mentions. */
export async function countersBy<G extends "project_id" | "channel" | "sentiment" | null>(
  db: Kysely<Database>,
  filters: Filters,
  range: TimeRange,
  groupBy: G,
  projectIds = filters.projectIds,
): Promise<(Counters & { key: number })[]> {
  const rows = rollupsSuffice(filters)
    ? await rollupScope(db, filters, range, projectIds)
        .select([
          groupBy ? sql<number>`r.${sql.ref(groupBy)}`.as("key") : sql<number>`0`.as("key"),
          sql<number>`coalesce(sum(r.mentions), 0)::bigint`.as("total_mention"),
          sql<number>`coalesce(sum(r.posts), 0)::bigint`.as("total_post"),
          sql<number>`coalesce(sum(r.views), 0)::bigint`.as("total_view"),
          sql<number>`coalesce(sum(r.comments), 0)::bigint`.as("total_comment"),
          sql<number>`coalesce(sum(r.likes), 0)::bigint`.as("total_like"),
          sql<number>`coalesce(sum(r.shares), 0)::bigint`.as("total_share"),
          sql<number>`coalesce(sum(r.comment_mentions), 0)::bigint`.as("total_comment_post"),
        ])
        .$if(groupBy !== null, (q) => q.groupBy(sql.ref(`r.${groupBy}`)))
        .execute()
    : await mentionRows(db, filters, range, projectIds)
        .select([
          groupBy ? sql<number>`m.${sql.ref(groupBy)}`.as("key") : sql<number>`0`.as("key"),
          sql<number>`count(*)::bigint`.as("total_mention"),
          sql<number>`count(*) filter (where m.mention_type = ${sql.lit(MENTION_TYPE.post)})::bigint`.as("total_post"),
          sql<number>`coalesce(sum(m.views), 0)::bigint`.as("total_view"),
          sql<number>`coalesce(sum(m.comments), 0)::bigint`.as("total_comment"),
          sql<number>`coalesce(sum(m.likes), 0)::bigint`.as("total_like"),
          sql<number>`coalesce(sum(m.shares), 0)::bigint`.as("total_share"),
          sql<number>`count(*) filter (where m.mention_type in (${sql.lit(MENTION_TYPE.comment)}, ${sql.lit(MENTION_TYPE.reply)}))::bigint`.as(
            "total_comment_post",
          ),
        ])
        .$if(groupBy !== null, (q) => q.groupBy(sql.ref(`m.${groupBy}`)))
        .execute();
  return rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)])) as Counters & { key: number });
}

export const emptyCounters = (): Counters => Object.fromEntries(COUNTER_KEYS.map((k) => [k, 0])) as Counters;
