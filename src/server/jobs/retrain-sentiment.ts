import { type } from "arktype";
import { retrainDueAccounts } from "../services/retraining/index.ts";
import type { JobDefinition } from "./job.ts";

/** Nightly: each account with enough new sentiment corrections gets a candidate adaptation, promoted only if nothing regresses. */
export const retrainSentimentJob: JobDefinition<object> = {
  id: "retrain-sentiment",
  schema: type({}),
  schedule: "30 2 * * *",
  handler: async (deps) => {
    for (const s of await retrainDueAccounts(deps, deps.now()))
      deps.log.info(
        `Sentiment retraining, account ${s.account}: ${s.decision} (${s.reason}), ${s.examples} examples, ${s.heldBack} held back.`,
      );
  },
};
