import type { Deps } from "../../deps.ts";
import { newMeter } from "../../collectors/meta-http.ts";
import { collectThreadsReplies } from "./collect-threads-replies.ts";
import { nearQuota, pauseConnection, resumePausedConnections } from "./pause-connection.ts";
import { searchThreadsKeywords } from "./search-threads-keywords.ts";
import { settleRefusal } from "./settle-refusal.ts";
import { threadsConnections } from "./threads-connections.ts";

/**
 * One collection round over the Threads connections: the replies to each account's own threads, then a share of its
 * keyword searches. A token Meta no longer takes marks its connection failing, throttling pauses it (settleRefusal).
 */
export async function collectThreads(
  deps: Deps,
  round: { queriesPerRound?: number } = {},
): Promise<{ connections: number; queries: number; documents: number }> {
  const app = deps.config.threads;
  if (!app) return { connections: 0, queries: 0, documents: 0 };
  await resumePausedConnections(deps);
  const connections = await threadsConnections(deps);
  let queries = 0;
  let documents = 0;
  for (const connection of connections) {
    const meter = newMeter();
    try {
      documents += await collectThreadsReplies(deps, { ...app, meter }, connection);
      const searched = await searchThreadsKeywords(deps, { ...app, meter }, connection, round);
      queries += searched.queries;
      documents += searched.documents;
      if (nearQuota(meter)) await pauseConnection(deps, connection.id, meter, "usage headers near Meta's limit");
    } catch (error) {
      if ((await settleRefusal(deps, connection.id, meter, error)) === "stop") break;
    }
  }
  return { connections: connections.length, queries, documents };
}
