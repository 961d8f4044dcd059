import type { Deps } from "../../deps.ts";
import { readMetaFeed } from "../../collectors/meta-graph.ts";
import { MetaGraphError } from "../../collectors/meta-http.ts";
import { metaPostDocument } from "../../collectors/meta-documents.ts";
import type { CollectedDocument } from "../ingest/index.ts";
import { ingestDocuments } from "../ingest/index.ts";
import { markFailing } from "./mark-failing.ts";
import { openToken } from "./token-cipher.ts";

/** Meta's code for a token it no longer takes (expired, or the app removed): docs/channels/meta.md. */
const EXPIRED = 190;

type Round = { pagesPerRound?: number; feedPagesPerPage?: number };

/**
 * One round of the backfill: the posts already on followed Facebook pages, read from each page's feed a few pages at a
 * time from its saved cursor, each a mention of the project following it (as its webhook would have made it). A page
 * whose token Meta no longer takes (190) marks its connection failing, left until it is reconnected; any other refusal
 * (throttling) ends the round, and the next one goes on from the saved cursors.
 */
export async function backfillFollowedPages(deps: Deps, round: Round = {}): Promise<{ pages: number; documents: number }> {
  const meta = deps.config.meta;
  if (!meta) return { pages: 0, documents: 0 };
  const pages = await deps.db
    .selectFrom("connection_sources as s")
    .innerJoin("connections as c", "c.id", "s.connection_id")
    .select(["s.id", "s.connection_id", "s.account_id", "s.project_id", "s.external_id", "s.name", "s.access_token", "s.token_key_id"])
    .select("s.backfill_cursor")
    .where("s.kind", "=", "facebook_page")
    .where("s.followed", "=", true)
    .where("s.backfill_done", "=", false)
    .where("c.state", "in", ["connected", "expiring"])
    .orderBy("s.id")
    .limit(round.pagesPerRound ?? 5)
    .execute();
  let documents = 0;
  for (const page of pages) {
    if (!page.access_token || !page.token_key_id) continue;
    const token = openToken(deps.config.connectionKeys, { value: page.access_token, keyId: page.token_key_id });
    let cursor = page.backfill_cursor;
    try {
      for (let n = 0; n < (round.feedPagesPerPage ?? 3); n++) {
        const { posts, next } = await readMetaFeed(meta, page.external_id, token, cursor);
        const batch = posts
          .map((post) => metaPostDocument({ id: page.external_id, name: page.name }, post, deps.now()))
          .filter((d): d is CollectedDocument => d !== null);
        const { inserted } = await ingestDocuments(deps, batch, { scope: { accountId: page.account_id }, ownedBy: [page.project_id] });
        documents += inserted;
        cursor = next;
        await deps.db
          .updateTable("connection_sources")
          .set((eb) => ({
            backfill_cursor: next,
            backfill_done: next === null,
            backfill_collected: eb("backfill_collected", "+", inserted),
          }))
          .where("id", "=", page.id)
          .execute();
        if (next === null) break;
      }
    } catch (error) {
      if (!(error instanceof MetaGraphError)) throw error;
      if (error.code === EXPIRED) await markFailing(deps, page.connection_id, error.message);
      else deps.log.warn("meta backfill stopped", { connection: page.connection_id, reason: error.message });
      // Throttled (or Meta unreachable): the usage is the app's, so the other pages wait for the next round too.
      if (error.code !== EXPIRED) break;
    }
  }
  return { pages: pages.length, documents };
}
