import { sql } from "kysely";
import type { Deps } from "../../deps.ts";
import { retrainAccount, type RetrainSummary } from "./retrain-account.ts";

/** New standing corrected texts since an account's last candidate (on the current base model) that make it due. */
const DUE_AFTER = 20;

/**
 * Retrains, one after the other, every account with at least DUE_AFTER distinct texts corrected since its last
 * candidate learnt on the current base model (a new base model makes every account with enough corrections due).
 */
export async function retrainDueAccounts(deps: Deps, now: Date): Promise<RetrainSummary[]> {
  const due = await deps.db
    .selectFrom("sentiment_corrections as c")
    .innerJoin("projects as p", "p.id", "c.project_id")
    .select("p.user_id as account_id")
    .where("c.revoked_at", "is", null)
    .where(
      "c.id",
      ">",
      sql<number>`coalesce((select max(a.last_correction_id) from sentiment_adaptations a
        where a.account_id = p.user_id and a.base_version = ${deps.sentimentBase().version}), 0)`,
    )
    .groupBy("p.user_id")
    .having((eb) => eb.fn.count("c.text").distinct(), ">=", DUE_AFTER)
    .orderBy("p.user_id")
    .execute();
  const summaries: RetrainSummary[] = [];
  for (const { account_id } of due) summaries.push(await retrainAccount(deps, account_id, now));
  return summaries;
}
