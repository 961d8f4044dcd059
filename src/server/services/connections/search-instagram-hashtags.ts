import type { Deps } from "../../deps.ts";
import { instagramHashtagDocument } from "../../collectors/instagram-documents.ts";
import { readHashtagRecentMedia, searchInstagramHashtag } from "../../collectors/instagram-graph.ts";
import { keywordHashtags } from "../../collectors/instagram-hashtags.ts";
import { type MetaApp, newMeter } from "../../collectors/meta-http.ts";
import { ingestDocuments } from "../ingest/index.ts";
import { followedInstagramAccounts } from "./followed-instagram-accounts.ts";
import { openSealed } from "./followed-pages.ts";
import { claimHashtag, rememberHashtagId } from "./hashtag-ledger.ts";
import { nearQuota, pauseConnection, resumePausedConnections } from "./pause-connection.ts";
import { settleRefusal } from "./settle-refusal.ts";

type Searcher = { app: MetaApp; igUserId: string; token: string; accountId: number; now: Date };

/** One hashtag's recent public media, within the ledger's limit: the documents stored, or null when over the limit. */
async function searchHashtag(deps: Deps, s: Searcher, hashtag: string): Promise<number | null> {
  const claim = await claimHashtag(deps, s.igUserId, hashtag, s.now);
  if (!claim) return null;
  let hashtagId = claim.hashtagId;
  if (!hashtagId) {
    hashtagId = await searchInstagramHashtag(s.app, s.igUserId, s.token, hashtag);
    if (!hashtagId) return 0;
    await rememberHashtagId(deps, s.igUserId, hashtag, hashtagId);
  }
  const media = await readHashtagRecentMedia(s.app, hashtagId, s.igUserId, s.token);
  const documents = media.map((m) => instagramHashtagDocument(hashtag, m, s.now)).filter((d) => d !== null);
  // Public posts matched by keyword like any other, but kept in the account's private scope: its token found them.
  return (await ingestDocuments(deps, documents, { scope: { accountId: s.accountId } })).inserted;
}

/**
 * Hashtag search for each followed Instagram account: its project's keywords as hashtags, each one's recent public
 * media read on the account's behalf, never more than 30 distinct hashtags per account in a rolling 7 days (the ledger;
 * hashtags past the limit wait for a window to close). Meta's refusals are settled as for pages.
 */
export async function searchInstagramHashtags(deps: Deps): Promise<{ hashtags: number; documents: number; refused: number }> {
  const meta = deps.config.meta;
  const done = { hashtags: 0, documents: 0, refused: 0 };
  if (!meta) return done;
  await resumePausedConnections(deps);
  const accounts = await followedInstagramAccounts(deps).innerJoin("projects as p", "p.id", "s.project_id").select("p.keywords").execute();
  for (const account of accounts) {
    const meter = newMeter();
    const searcher = {
      app: { ...meta, meter },
      igUserId: account.external_id,
      token: openSealed(deps, account),
      accountId: account.account_id,
      now: deps.now(),
    };
    try {
      for (const hashtag of keywordHashtags(account.keywords)) {
        const stored = await searchHashtag(deps, searcher, hashtag);
        if (stored === null) done.refused++;
        else {
          done.hashtags++;
          done.documents += stored;
        }
        if (nearQuota(meter)) {
          await pauseConnection(deps, account.connection_id, meter, "usage headers near Meta's limit");
          return done;
        }
      }
    } catch (error) {
      if ((await settleRefusal(deps, account.connection_id, meter, error)) === "stop") break;
    }
  }
  return done;
}
