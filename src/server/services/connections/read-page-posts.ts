import type { Deps } from "../../deps.ts";
import { metaCommentDocument, metaPostDocument } from "../../collectors/meta-documents.ts";
import { readMetaComments, readMetaFeed } from "../../collectors/meta-graph.ts";
import type { MetaApp } from "../../collectors/meta-http.ts";
import type { ConnectionSourceKind } from "../../db/schema.ts";
import type { CollectedDocument } from "../ingest/index.ts";
import { ingestDocuments } from "../ingest/index.ts";

/** A followed Facebook page as the collectors read it: the customer's own (`facebook_page`) or a public one. */
export type FollowedPage = {
  id: number;
  kind: ConnectionSourceKind;
  connection_id: number;
  account_id: number;
  project_id: number;
  external_id: string;
  name: string;
};

const COMMENT_LISTS_PER_POST = 2;

const isDocument = (d: CollectedDocument | null): d is CollectedDocument => d !== null;

/**
 * One page of a followed page's feed from the cursor, with its counters, in the following account's private scope.
 * On the customer's own page everything is a mention of the project following it, and the comments and replies of its
 * posts published within `commentsWithinMs` are read too (older posts for their counters only); a public page's posts
 * are mentions only where the account's keywords match, and Meta gives no comment ids on public pages. Counters read
 * again replace the stored ones (the pipeline counts only the difference).
 */
export async function readPagePosts(
  deps: Deps,
  read: { app: MetaApp; page: FollowedPage; token: string; commentsWithinMs: number },
  cursor: string | null,
) {
  const { app, page, token } = read;
  const now = deps.now();
  const { posts, next } = await readMetaFeed(app, page.external_id, token, cursor);
  const owner = { id: page.external_id, name: page.name };
  const documents = posts.map((post) => metaPostDocument(owner, post, now)).filter(isDocument);
  const own = page.kind === "facebook_page";
  for (const post of own ? posts : []) {
    const published = post.created_time ? new Date(post.created_time).getTime() : 0;
    if (post.comments?.summary?.total_count === 0 || now.getTime() - published > read.commentsWithinMs) continue;
    let after: string | null = null;
    for (let n = 0; n < COMMENT_LISTS_PER_POST; n++) {
      const list = await readMetaComments(app, post.id, token, after);
      documents.push(...list.comments.map((c) => metaCommentDocument(owner, post.id, c, now)).filter(isDocument));
      after = list.next;
      if (!after) break;
    }
  }
  const { inserted } = await ingestDocuments(deps, documents, {
    scope: { accountId: page.account_id },
    ownedBy: own ? [page.project_id] : [],
  });
  const oldest = posts.reduce((at, p) => Math.min(at, p.created_time ? new Date(p.created_time).getTime() : at), now.getTime());
  return { inserted, next, oldest: new Date(oldest) };
}
