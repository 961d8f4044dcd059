import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { countersBy } from "./counters.ts";
import { mentionRows } from "./mention-scope.ts";
import { rollupsSuffice, type Filters } from "./resolve-filters.ts";
import { sourceTallies } from "./source-tallies.ts";

/**
 * How many mentions the filters hold: the mention list's total, and the number a widget shows for the slice it links
 * to (a channel, a sentiment, a chart bucket, a story, a source), counted here by the same code. From the counters when
 * they can tell; one source from the per-source tallies the top-sources widget ranks; else a bare count, which an index
 * of the mentions can often answer alone.
 */
export async function countMentions(db: Kysely<Database>, filters: Filters): Promise<number> {
  if (filters.source !== null) {
    let total = 0;
    for (const tally of (await sourceTallies(db, filters)).values()) total += tally.total_mention;
    return total;
  }
  if (rollupsSuffice(filters)) return (await countersBy(db, filters, filters.range, null))[0].total_mention;
  const { total } = await mentionRows(db, filters, filters.range)
    .select((eb) => eb.fn.countAll<string>().as("total"))
    .executeTakeFirstOrThrow();
  return Number(total);
}
