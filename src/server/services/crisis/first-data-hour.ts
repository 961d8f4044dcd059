import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";

/** The first hour holding any mention of the project: the crisis baseline takes no sample before it. */
export async function firstDataHour(db: Kysely<Database>, projectId: number): Promise<number | null> {
  const row = await db
    .selectFrom("mention_rollups_hourly")
    .select((eb) => eb.fn.min("hour").as("first"))
    .where("project_id", "=", projectId)
    .where("mentions", ">", 0)
    .executeTakeFirst();
  return row?.first ? new Date(row.first).getTime() : null;
}
