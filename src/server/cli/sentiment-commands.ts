import { retrainAccount, retrainDueAccounts } from "../services/retraining/index.ts";
import { findUserById } from "../services/users/index.ts";
import { done, failed, type DbCommand } from "./command.ts";

const USAGE = "sentiment retrain [--account <id>]";

/**
 * `sentiment retrain`: what the nightly job does, now (every account with enough new corrections), or for one account
 * whatever its count. One JSON line per account: examples, held back, base vs candidate per dev set and on the
 * held-back corrections, the decision and why.
 */
export const sentimentCommand: DbCommand = {
  name: "sentiment",
  usage: USAGE,
  async run(deps, args) {
    const [sub, ...rest] = args;
    const account = rest[0] === "--account" && rest.length === 2 ? Number(rest[1]) : undefined;
    if (sub !== "retrain" || (rest.length > 0 && (account === undefined || !Number.isSafeInteger(account) || account < 1)))
      return failed(`Usage: ${USAGE}\n`, 2);
    if (account !== undefined && !(await findUserById(deps.db, account))) return failed(`No account with id ${account}.\n`);
    const summaries =
      account === undefined ? await retrainDueAccounts(deps, deps.now()) : [await retrainAccount(deps, account, deps.now())];
    if (summaries.length === 0) return done(`${JSON.stringify({ retrained: 0, reason: "no account has enough new corrections" })}\n`);
    return done(summaries.map((s) => `${JSON.stringify(s)}\n`).join(""));
  },
};
