import type { Deps } from "../../deps.ts";
import { newMeter } from "../../collectors/meta-http.ts";
import { followedPages, pageToken } from "./followed-pages.ts";
import { backfillSource } from "./backfill-source.ts";
import { resumePausedConnections } from "./pause-connection.ts";
import { readPagePosts } from "./read-page-posts.ts";
import { settleRefusal } from "./settle-refusal.ts";

/** How far back a connection reads what was already on its pages (issue 35: the last 30 days). */
export const BACKFILL_DAYS = 30;
const BACKFILL_MS = BACKFILL_DAYS * 24 * 3600_000;

type Round = { pagesPerRound?: number; feedPagesPerPage?: number };

/**
 * One round of the backfill: the last 30 days of posts on followed Facebook pages, with their comments and replies,
 * read a few feed pages at a time from each page's saved cursor, each a mention of the project following it (as its
 * webhook would have made it). A restart goes on from the saved cursors. Meta's refusals are settled by
 * settleRefusal, and the usage headers pause a connection before Meta throttles it.
 */
export async function backfillFollowedPages(deps: Deps, round: Round = {}): Promise<{ pages: number; documents: number }> {
  const meta = deps.config.meta;
  if (!meta) return { pages: 0, documents: 0 };
  await resumePausedConnections(deps);
  const pages = await followedPages(deps)
    .where("s.backfill_done", "=", false)
    .limit(round.pagesPerRound ?? 5)
    .execute();
  const tally = { documents: 0 };
  for (const page of pages) {
    const meter = newMeter();
    const read = { app: { ...meta, meter }, page, token: pageToken(deps, page), commentsWithinMs: BACKFILL_MS };
    const plan = { pages: round.feedPagesPerPage ?? 3, withinMs: BACKFILL_MS, meter, tally };
    try {
      if (await backfillSource(deps, page, plan, (cursor) => readPagePosts(deps, read, cursor))) break;
    } catch (error) {
      if ((await settleRefusal(deps, page.connection_id, meter, error)) === "stop") break;
    }
  }
  return { pages: pages.length, documents: tally.documents };
}
