import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { monthStart } from "../../../shared/time-range.ts";

/**
 * Creates the monthly partitions of mentions (migration 0024) that mentions published at `times` need and that do not
 * exist yet. Called before the transaction that writes those mentions: a partition created inside it would keep every
 * reader of mentions waiting until that transaction ends. Without it the mentions still land, in the default partition.
 */
export async function ensureMentionMonths(db: Kysely<Database>, times: Date[]): Promise<void> {
  const months = [...new Set(times.map((time) => monthStart(time).getTime()))].map((ms) => new Date(ms));
  if (months.length === 0) return;
  await sql`select ensure_mention_partitions(${months}::timestamptz[])`.execute(db);
}
