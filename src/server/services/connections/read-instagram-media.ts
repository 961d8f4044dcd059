import type { Deps } from "../../deps.ts";
import { instagramCommentDocument, instagramMediaDocument } from "../../collectors/instagram-documents.ts";
import { readInstagramComments, readInstagramMedia } from "../../collectors/instagram-graph.ts";
import type { MetaApp } from "../../collectors/meta-http.ts";
import type { CollectedDocument } from "../ingest/index.ts";
import { ingestDocuments } from "../ingest/index.ts";

/** A followed Instagram account as the collectors read it. */
export type FollowedAccount = { account_id: number; project_id: number; external_id: string; name: string };

const COMMENT_LISTS_PER_MEDIA = 2;

const isDocument = (d: CollectedDocument | null): d is CollectedDocument => d !== null;

/**
 * One page of an Instagram account's media from the cursor, with their counters, and the comments and replies of those
 * published within `commentsWithinMs`: each a mention of the project following the account, in the following account's
 * private scope. Counters read again replace the stored ones (the pipeline counts only the difference).
 */
export async function readInstagramMediaPage(
  deps: Deps,
  read: { app: MetaApp; account: FollowedAccount; token: string; commentsWithinMs: number },
  cursor: string | null,
) {
  const { app, account, token } = read;
  const now = deps.now();
  const owner = { id: account.external_id, username: account.name };
  const { media, next } = await readInstagramMedia(app, account.external_id, token, cursor);
  const documents = media.map((m) => instagramMediaDocument(owner, m, now)).filter(isDocument);
  for (const item of media) {
    const published = item.timestamp ? new Date(item.timestamp).getTime() : 0;
    if (item.comments_count === 0 || now.getTime() - published > read.commentsWithinMs) continue;
    let after: string | null = null;
    for (let n = 0; n < COMMENT_LISTS_PER_MEDIA; n++) {
      const list = await readInstagramComments(app, item.id, token, after);
      for (const comment of list.comments) {
        documents.push(
          ...[
            instagramCommentDocument(owner, item, comment, null, now),
            ...(comment.replies?.data ?? []).map((reply) => instagramCommentDocument(owner, item, reply, comment.id, now)),
          ].filter(isDocument),
        );
      }
      after = list.next;
      if (!after) break;
    }
  }
  const { inserted } = await ingestDocuments(deps, documents, { scope: { accountId: account.account_id }, ownedBy: [account.project_id] });
  const oldest = media.reduce((at, m) => Math.min(at, m.timestamp ? new Date(m.timestamp).getTime() : at), now.getTime());
  return { inserted, next, oldest: new Date(oldest) };
}
