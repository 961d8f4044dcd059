import type { Deps } from "../../deps.ts";
import type { MetaApp } from "../../collectors/meta-http.ts";
import { threadsDocument } from "../../collectors/threads-documents.ts";
import { searchThreads } from "../../collectors/threads-graph.ts";
import { ingestDocuments } from "../ingest/index.ts";
import { THREADS_DAILY_QUERIES, threadsQueriesUsed } from "./threads-budget.ts";
import type { ThreadsConnection } from "./threads-connections.ts";

/** How often a connection is searched (the collect-threads job). */
export const THREADS_ROUND_MS = 10 * 60_000;
// A round's share of the day's queries, so that the searches last the whole day instead of spending it at once.
const QUERIES_PER_ROUND = Math.floor(THREADS_DAILY_QUERIES / ((24 * 3600_000) / THREADS_ROUND_MS));
// The first search of a keyword reaches back a day.
const FIRST_SINCE_MS = 24 * 3600_000;

/** The keywords of the connected project and of its competitors, each once. */
async function projectKeywords(deps: Deps, connection: ThreadsConnection): Promise<string[]> {
  const projects = await deps.db
    .selectFrom("projects")
    .select("keywords")
    .where("user_id", "=", connection.account_id)
    .where((eb) => eb.or([eb("id", "=", connection.project_id), eb("parent_id", "=", connection.project_id)]))
    .orderBy("position")
    .orderBy("id")
    .execute();
  return [...new Set(projects.flatMap((p) => p.keywords))];
}

/** When each keyword of the connection was last searched. */
async function lastSearched(deps: Deps, connectionId: number): Promise<Map<string, Date>> {
  const rows = await deps.db
    .selectFrom("threads_queries")
    .select((eb) => ["keyword", eb.fn.max("queried_at").as("at")])
    .where("connection_id", "=", connectionId)
    .groupBy("keyword")
    .execute();
  return new Map(rows.map((r) => [r.keyword, new Date(r.at)]));
}

/**
 * One round of keyword searches for a Threads connection: the project's keywords searched longest ago first, each for
 * the public posts since its last search, as many as the round's share of the Threads user's 24-hour quota allows and
 * never past it. Every query is written to the ledger before it is made. What is found is matched by keyword like
 * public items, in the account's private scope.
 */
export async function searchThreadsKeywords(
  deps: Deps,
  app: MetaApp,
  connection: ThreadsConnection,
  round: { queriesPerRound?: number } = {},
): Promise<{ queries: number; documents: number }> {
  const now = deps.now();
  const used = await threadsQueriesUsed(deps, connection.external_user_id, now);
  const allowed = Math.max(0, Math.min(round.queriesPerRound ?? QUERIES_PER_ROUND, THREADS_DAILY_QUERIES - used));
  const last = await lastSearched(deps, connection.id);
  const keywords = (await projectKeywords(deps, connection))
    .sort((a, b) => (last.get(a)?.getTime() ?? 0) - (last.get(b)?.getTime() ?? 0))
    .slice(0, allowed);
  let documents = 0;
  for (const keyword of keywords) {
    await deps.db
      .insertInto("threads_queries")
      .values({
        connection_id: connection.id,
        account_id: connection.account_id,
        threads_user_id: connection.external_user_id,
        keyword,
        queried_at: now,
      })
      .execute();
    const since = last.get(keyword) ?? new Date(now.getTime() - FIRST_SINCE_MS);
    const found = (await searchThreads(app, connection.token, keyword, since))
      .map((post) => threadsDocument(post, null, now))
      .filter((d) => d !== null);
    documents += (await ingestDocuments(deps, found, { scope: { accountId: connection.account_id } })).inserted;
  }
  return { queries: keywords.length, documents };
}
