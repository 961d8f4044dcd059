import type { Deps } from "../../deps.ts";
import { rematchBatch } from "./prune-mentions.ts";

const BATCH = 2_000;
// A round reads at most this many batches of each brand, so one brand with a huge history cannot hold the others up.
const BATCHES_PER_ROUND = 100;

/**
 * One round of reading brands' histories again under their new rules (pruneMentions asked for it): a batch at a time,
 * each in its own transaction with the cursor and progress, so a restart goes on from there and nothing counts twice
 * (mentions only leave). A brand whose rules changed again meanwhile starts over from the new request.
 */
export async function rematchRules(deps: Deps, round: { batch?: number } = {}): Promise<{ read: number }> {
  const pending = await deps.db.selectFrom("rule_rematches").select("project_id").orderBy("requested_at").execute();
  let read = 0;
  for (const { project_id } of pending) {
    for (let n = 0; n < BATCHES_PER_ROUND; n++) {
      const finished = await deps.db.transaction().execute(async (trx) => {
        const request = await trx
          .selectFrom("rule_rematches")
          .selectAll()
          .where("project_id", "=", project_id)
          .forUpdate()
          .executeTakeFirst();
        const project = await trx
          .selectFrom("projects")
          .select(["id", "keywords", "exclude_keywords", "query"])
          .where("id", "=", project_id)
          .executeTakeFirst();
        if (!request || !project) return true;
        const batch = await rematchBatch(trx, project, request.cursor_document_id, round.batch ?? BATCH);
        read += batch.read;
        if (batch.finished) await trx.deleteFrom("rule_rematches").where("project_id", "=", project_id).execute();
        else
          await trx
            .updateTable("rule_rematches")
            .set((eb) => ({ cursor_document_id: batch.cursor, done: eb("done", "+", batch.read) }))
            .where("project_id", "=", project_id)
            .execute();
        return batch.finished;
      });
      if (finished) break;
    }
  }
  return { read };
}
