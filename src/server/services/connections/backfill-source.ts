import type { Deps } from "../../deps.ts";
import type { MetaMeter } from "../../collectors/meta-http.ts";
import { nearQuota, pauseConnection } from "./pause-connection.ts";

/** A followed page or account whose backfill is not done, with its saved cursor. */
type Backfilling = { id: number; connection_id: number; backfill_cursor: string | null };

/** One list page of a source's items from the cursor: how many it stored, the next cursor, its oldest item's time. */
type ReadPage = (cursor: string | null) => Promise<{ inserted: number; next: string | null; oldest: Date }>;

type Plan = { pages: number; withinMs: number; meter: MetaMeter; tally: { documents: number } };

/**
 * Up to `plan.pages` list pages of a source's backfill from its saved cursor, saving cursor and progress after each (a
 * restart goes on from there); the backfill is done once a page reaches further back than `plan.withinMs` or the list
 * ends. Stored documents are added to `plan.tally` as they come. True when the usage headers paused the connection:
 * the round stops. Meta's refusals are the caller's (settleRefusal).
 */
export async function backfillSource(deps: Deps, source: Backfilling, plan: Plan, readPage: ReadPage): Promise<boolean> {
  let cursor = source.backfill_cursor;
  for (let n = 0; n < plan.pages; n++) {
    const { inserted, next, oldest } = await readPage(cursor);
    plan.tally.documents += inserted;
    // Older than the backfill reaches: the webhook and polling take it from here.
    cursor = deps.now().getTime() - oldest.getTime() > plan.withinMs ? null : next;
    await deps.db
      .updateTable("connection_sources")
      .set((eb) => ({
        backfill_cursor: cursor,
        backfill_done: cursor === null,
        backfill_collected: eb("backfill_collected", "+", inserted),
      }))
      .where("id", "=", source.id)
      .execute();
    if (nearQuota(plan.meter)) {
      await pauseConnection(deps, source.connection_id, plan.meter, "usage headers near Meta's limit");
      return true;
    }
    if (cursor === null) break;
  }
  return false;
}
