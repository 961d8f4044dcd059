import type { Deps } from "../../deps.ts";
import { newMeter } from "../../collectors/meta-http.ts";
import { BACKFILL_DAYS } from "./backfill-followed-pages.ts";
import { followedInstagramAccounts } from "./followed-instagram-accounts.ts";
import { pageToken } from "./followed-pages.ts";
import { nearQuota, pauseConnection, resumePausedConnections } from "./pause-connection.ts";
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
  let documents = 0;
  for (const account of accounts) {
    const meter = newMeter();
    const read = { app: { ...meta, meter }, account, token: pageToken(deps, account), commentsWithinMs: BACKFILL_MS };
    let cursor = account.backfill_cursor;
    try {
      for (let n = 0; n < (round.mediaPagesPerAccount ?? 3); n++) {
        const { inserted, next, oldest } = await readInstagramMediaPage(deps, read, cursor);
        documents += inserted;
        cursor = deps.now().getTime() - oldest.getTime() > BACKFILL_MS ? null : next;
        await deps.db
          .updateTable("connection_sources")
          .set((eb) => ({
            backfill_cursor: cursor,
            backfill_done: cursor === null,
            backfill_collected: eb("backfill_collected", "+", inserted),
          }))
          .where("id", "=", account.id)
          .execute();
        if (nearQuota(meter)) {
          await pauseConnection(deps, account.connection_id, meter, "usage headers near Meta's limit");
          return { accounts: accounts.length, documents };
        }
        if (cursor === null) break;
      }
    } catch (error) {
      if ((await settleRefusal(deps, account.connection_id, meter, error)) === "stop") break;
    }
  }
  return { accounts: accounts.length, documents };
}
