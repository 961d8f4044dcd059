import type { GraphApp } from "../../config.ts";
import type { Deps } from "../../deps.ts";
import { LinkedinApiError, readOrganizationPosts, readPostComments } from "../../collectors/linkedin-api.ts";
import { type LinkedinOrganization, linkedinCommentDocument, linkedinPostDocument } from "../../collectors/linkedin-documents.ts";
import { newMeter } from "../../collectors/meta-http.ts";
import { type CollectedDocument, ingestDocuments } from "../ingest/index.ts";
import { markFailing } from "./mark-failing.ts";
import { pauseConnection, resumePausedConnections } from "./pause-connection.ts";
import { openToken } from "./token-cipher.ts";

// A backfill reads this many pages of 20 posts; a later round the newest page. Comment pages (50 each) per post.
const BACKFILL_POST_PAGES = 5;
const COMMENT_PAGES = 3;

/**
 * One round over the followed LinkedIn organisations: their posts and the comments on them are the connected project's
 * mentions, in the account's private scope. 401 marks the connection failing with LinkedIn's message, 429 pauses it.
 */
export async function collectLinkedin(deps: Deps): Promise<{ organizations: number; documents: number }> {
  const app = deps.config.linkedin;
  if (!app) return { organizations: 0, documents: 0 };
  await resumePausedConnections(deps);
  const sources = await deps.db
    .selectFrom("connection_sources as s")
    .innerJoin("connections as c", "c.id", "s.connection_id")
    .select(["s.id", "s.external_id", "s.name", "s.backfill_done", "c.id as connection_id", "c.account_id", "c.project_id"])
    .select(["c.access_token", "c.token_key_id"])
    .where("c.provider", "=", "linkedin")
    .where("c.state", "in", ["connected", "expiring"])
    .where("s.kind", "=", "linkedin_organization")
    .where("s.followed", "=", true)
    .orderBy("s.id")
    .execute();
  const stopped = new Set<number>();
  let documents = 0;
  for (const source of sources) {
    if (stopped.has(source.connection_id)) continue;
    const token = openToken(deps.config.connectionKeys, { value: source.access_token, keyId: source.token_key_id });
    try {
      const found = await readOrganization(deps, app, token, { urn: source.external_id, name: source.name }, !source.backfill_done);
      const { inserted } = await ingestDocuments(deps, found, { scope: { accountId: source.account_id }, ownedBy: [source.project_id] });
      await deps.db
        .updateTable("connection_sources")
        .set((eb) => ({ backfill_collected: eb("backfill_collected", "+", inserted), backfill_done: true, polled_at: deps.now() }))
        .where("id", "=", source.id)
        .execute();
      documents += inserted;
    } catch (error) {
      if (!(error instanceof LinkedinApiError)) throw error;
      stopped.add(source.connection_id);
      if (error.expired) await markFailing(deps, source.connection_id, error.message);
      else if (error.throttled) await pauseConnection(deps, source.connection_id, newMeter(), error.message);
      else deps.log.warn("linkedin collection stopped", { connection: source.connection_id, reason: error.message });
    }
  }
  return { organizations: sources.length, documents };
}

async function readOrganization(deps: Deps, app: GraphApp, token: string, organization: LinkedinOrganization, backfill: boolean) {
  const now = deps.now();
  const documents: (CollectedDocument | null)[] = [];
  let start: number | null = 0;
  for (let page = 0; page < (backfill ? BACKFILL_POST_PAGES : 1) && start !== null; page++) {
    const posts = await readOrganizationPosts(app, token, organization.urn, start);
    for (const post of posts.items) {
      documents.push(linkedinPostDocument(organization, post, now));
      let from: number | null = 0;
      for (let commentPage = 0; commentPage < COMMENT_PAGES && from !== null; commentPage++) {
        const comments = await readPostComments(app, token, post.id, from);
        documents.push(...comments.items.map((c) => linkedinCommentDocument(organization, c, post.id, now)));
        from = comments.next;
      }
    }
    start = posts.next;
  }
  return documents.filter((d) => d !== null);
}
