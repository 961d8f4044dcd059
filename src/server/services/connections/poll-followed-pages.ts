import type { Deps } from "../../deps.ts";
import { metaPostDocument } from "../../collectors/meta-documents.ts";
import { readMetaTagged } from "../../collectors/meta-graph.ts";
import { newMeter } from "../../collectors/meta-http.ts";
import { ingestDocuments } from "../ingest/index.ts";
import { followedPages, pageToken } from "./followed-pages.ts";
import { nearQuota, pauseConnection, resumePausedConnections } from "./pause-connection.ts";
import { readPagePosts } from "./read-page-posts.ts";
import { settleRefusal } from "./settle-refusal.ts";

/** How often a page is read again behind its webhook (sooner when a webhook says the page was mentioned). */
export const POLL_EVERY_MS = 15 * 60_000;
// Comments still arrive on a post this long after it; the webhook brings them as they come, polling what it missed.
const COMMENTS_WITHIN_MS = 7 * 24 * 3600_000;

/**
 * The safety net behind the webhook: each followed page whose backfill is done and that was last read more than
 * POLL_EVERY_MS ago (or never) has its newest posts read again with their counters, and the comments and replies of
 * those from the last week, and the posts that tagged the page (a `mention` webhook carries no text), each a mention of
 * the project following it; what was stored already adds nothing, and counters read again replace the stored ones.
 */
export async function pollFollowedPages(deps: Deps, round: { pagesPerRound?: number } = {}): Promise<{ pages: number; documents: number }> {
  const meta = deps.config.meta;
  if (!meta) return { pages: 0, documents: 0 };
  await resumePausedConnections(deps);
  const now = deps.now();
  const pages = await followedPages(deps)
    .where("s.backfill_done", "=", true)
    .where((eb) => eb.or([eb("s.polled_at", "is", null), eb("s.polled_at", "<=", new Date(now.getTime() - POLL_EVERY_MS))]))
    .limit(round.pagesPerRound ?? 10)
    .execute();
  let documents = 0;
  for (const page of pages) {
    const meter = newMeter();
    try {
      const read = { app: { ...meta, meter }, page, token: pageToken(deps, page), commentsWithinMs: COMMENTS_WITHIN_MS };
      documents += (await readPagePosts(deps, read, null)).inserted;
      // Posts tagging a public page are not the customer's conversation: only the customer's own pages' are read.
      const tagged = (page.kind === "facebook_page" ? await readMetaTagged(read.app, page.external_id, read.token) : [])
        .map((post) => metaPostDocument({ id: page.external_id, name: page.name }, post, now))
        .filter((d) => d !== null);
      const scope = { scope: { accountId: page.account_id }, ownedBy: [page.project_id] };
      documents += (await ingestDocuments(deps, tagged, scope)).inserted;
      await deps.db.updateTable("connection_sources").set({ polled_at: now }).where("id", "=", page.id).execute();
      if (nearQuota(meter)) {
        await pauseConnection(deps, page.connection_id, meter, "usage headers near Meta's limit");
        break;
      }
    } catch (error) {
      if ((await settleRefusal(deps, page.connection_id, meter, error)) === "stop") break;
    }
  }
  return { pages: pages.length, documents };
}
