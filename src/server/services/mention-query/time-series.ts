import { sql, type Kysely } from "kysely";
import type { TimeSeries } from "../../../shared/api-types.ts";
import { BUCKET_MS, bucketStarts } from "../../../shared/time-range.ts";
import type { Database } from "../../db/schema.ts";
import { mentionScope, rollupScope } from "./mention-scope.ts";
import { rollupsSuffice, type Filters } from "./resolve-filters.ts";

/** The SQL for the start of the bucket holding a timestamp column: buckets step from the range's start (bucketStarts). */
function bucketOf(column: string, filters: Filters) {
  const step = `${BUCKET_MS[filters.granularity] / 1000} seconds`;
  return sql`date_bin(${step}::interval, ${sql.ref(column)}, ${filters.range.start}::timestamptz)`;
}

/** Mention counts per bucket of the period so far, one series per value of `groupBy`, zeros where nothing was said. */
export async function mentionSeries(
  db: Kysely<Database>,
  filters: Filters,
  groupBy: "project_id" | "sentiment",
  keys: number[],
): Promise<TimeSeries> {
  const rows = rollupsSuffice(filters)
    ? await rollupScope(db, filters, filters.range)
        .select([
          bucketOf("r.hour", filters).as("bucket"),
          sql<number>`r.${sql.ref(groupBy)}`.as("key"),
          sql<number>`sum(r.mentions)::bigint`.as("count"),
        ])
        .groupBy(["bucket", sql.ref(`r.${groupBy}`)])
        .execute()
    : await mentionScope(db, filters, filters.range)
        .select([
          bucketOf("m.published_at", filters).as("bucket"),
          sql<number>`m.${sql.ref(groupBy)}`.as("key"),
          sql<number>`count(*)::bigint`.as("count"),
        ])
        .groupBy(["bucket", sql.ref(`m.${groupBy}`)])
        .execute();
  const starts = bucketStarts(filters.range, filters.granularity, filters.now);
  const index = new Map(starts.map((start, i) => [start.getTime(), i]));
  const series = new Map(keys.map((key) => [key, new Array<number>(starts.length).fill(0)]));
  for (const row of rows) {
    const at = index.get(new Date(row.bucket as Date).getTime());
    const values = series.get(Number(row.key));
    if (at !== undefined && values) values[at] += Number(row.count);
  }
  return {
    granularity: filters.granularity,
    buckets: starts.map((s) => s.toISOString()),
    series: keys.map((key) => ({ key, values: series.get(key)! })),
  };
}
