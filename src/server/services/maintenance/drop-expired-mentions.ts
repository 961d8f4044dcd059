import { sql } from "kysely";
import { monthStart } from "../../../shared/time-range.ts";
import type { Deps } from "../../deps.ts";

const PARTITION_NAME = /^mentions_(\d{4})_(\d{2})$/;

/**
 * The retention setting (MENTION_RETENTION_MONTHS): mentions published before the month `months` months before this one
 * go — whole monthly partitions dropped, the default partition's rows deleted — and so do their counters (hourly and
 * daily rollups, the audience's months), so every figure still equals what the mentions left give. The document pool
 * is shared by every project and kept. Returns the horizon and the partitions dropped.
 */
export async function dropExpiredMentions(deps: Deps, months: number): Promise<{ horizon: Date; dropped: string[] }> {
  const horizon = monthStart(deps.now(), months);
  return deps.db.transaction().execute(async (trx) => {
    await sql`delete from mentions_default where published_at < ${horizon}`.execute(trx);
    await trx.deleteFrom("mention_rollups_hourly").where("hour", "<", horizon).execute();
    await trx.deleteFrom("mention_sources_daily").where("day", "<", horizon).execute();
    await trx.deleteFrom("audience_monthly").where("month", "<", horizon).where("sample", "=", false).execute();
    // An author's first month in a project may have gone with them: it becomes the first month left.
    await sql`
      with stale as (select distinct project_id, author_id from audience_monthly where not sample and first_month < ${horizon})
      update audience_monthly am set first_month = f.first
      from (
        select x.project_id, x.author_id, min(x.month) as first
        from stale join audience_monthly x on x.project_id = stale.project_id and x.author_id = stale.author_id and not x.sample
        group by 1, 2
      ) f
      where am.project_id = f.project_id and am.author_id = f.author_id and not am.sample and am.first_month < ${horizon}`.execute(trx);
    // Last, as dropping a partition locks every reader of mentions out until the transaction ends.
    const partitions = await sql<{ name: string }>`
      select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = 'mentions'::regclass`.execute(trx);
    const dropped: string[] = [];
    for (const { name } of partitions.rows) {
      const match = PARTITION_NAME.exec(name);
      if (!match) continue;
      const end = monthStart(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 15)), -1);
      if (end.getTime() > horizon.getTime()) continue;
      await sql`drop table ${sql.table(name)}`.execute(trx);
      dropped.push(name);
    }
    return { horizon, dropped };
  });
}
