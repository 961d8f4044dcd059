import type { Deps } from "../../deps.ts";
import type { MetaApp } from "../../collectors/meta-http.ts";
import { threadsDocument } from "../../collectors/threads-documents.ts";
import { readOwnThreads, readThreadsReplies } from "../../collectors/threads-graph.ts";
import { ingestDocuments } from "../ingest/index.ts";
import type { ThreadsConnection } from "./threads-connections.ts";

// The account's latest threads whose replies each round reads.
const OWN_THREADS = 10;

/**
 * The replies to the account's own latest threads, each a mention of the connected project whether or not it names a
 * keyword (as comments on a followed page are), in the account's private scope; what was stored already adds nothing.
 */
export async function collectThreadsReplies(deps: Deps, app: MetaApp, connection: ThreadsConnection): Promise<number> {
  const now = deps.now();
  const own = await readOwnThreads(app, connection.token, OWN_THREADS);
  const documents = [];
  for (const thread of own) {
    const replies = await readThreadsReplies(app, thread.id, connection.token);
    documents.push(...replies.map((reply) => threadsDocument(reply, thread.id, now)).filter((d) => d !== null));
  }
  const scope = { scope: { accountId: connection.account_id }, ownedBy: [connection.project_id] };
  return (await ingestDocuments(deps, documents, scope)).inserted;
}
