import type { Deps } from "../../deps.ts";
import { newMeter } from "../../collectors/meta-http.ts";
import { BACKFILL_DAYS } from "./backfill-followed-pages.ts";
import { followedInstagramAccounts } from "./followed-instagram-accounts.ts";
import { openSealed } from "./followed-pages.ts";
import { backfillSource } from "./backfill-source.ts";
import { resumePausedConnections } from "./pause-connection.ts";
import { readInstagramMediaPage } from "./read-instagram-media.ts";
import { settleRefusal } from "./settle-refusal.ts";

const BACKFILL_MS = BACKFILL_DAYS * 24 * 3600_000;

type Round = { accountsPerRound?: number; mediaPagesPerAccount?: number };

/**
 * One round of the Instagram backfill: the last 30 days of media of followed Instagram accounts, with their comments
 * and replies, a few media pages at a time from each account's saved cursor, each a mention of the project following
 * it. Meta's refusals are settled as for pages (settleRefusal), and the usage headers pause a connection before Meta
 * throttles it.
 */
export async function backfillInstagramAccounts(deps: Deps, round: Round = {}): Promise<{ accounts: number; documents: number }> {
  const meta = deps.config.meta;
  if (!meta) return { accounts: 0, documents: 0 };
  await resumePausedConnections(deps);
  const accounts = await followedInstagramAccounts(deps)
    .where("s.backfill_done", "=", false)
    .limit(round.accountsPerRound ?? 5)
    .execute();
  const tally = { documents: 0 };
  for (const account of accounts) {
    const meter = newMeter();
    const read = { app: { ...meta, meter }, account, token: openSealed(deps, account), commentsWithinMs: BACKFILL_MS };
    const plan = { pages: round.mediaPagesPerAccount ?? 3, withinMs: BACKFILL_MS, meter, tally };
    try {
      if (await backfillSource(deps, account, plan, (cursor) => readInstagramMediaPage(deps, read, cursor))) break;
    } catch (error) {
      if ((await settleRefusal(deps, account.connection_id, meter, error)) === "stop") break;
    }
  }
  return { accounts: accounts.length, documents: tally.documents };
}
