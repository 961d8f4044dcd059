import type { Deps } from "../../deps.ts";
import { MetaGraphError } from "../../collectors/meta-http.ts";
import { refreshThreadsToken } from "../../collectors/threads-graph.ts";
import { markFailing } from "./mark-failing.ts";
import { sealToken } from "./token-cipher.ts";
import { threadsConnections } from "./threads-connections.ts";

const DAY_MS = 24 * 3600_000;
// Threads refreshes a long-lived token only once it is a day old; refreshed with weeks to spare, a missed day is harmless.
const REFRESH_WITHIN_MS = 30 * DAY_MS;

/**
 * Refreshes the long-lived tokens of Threads connections that run out within 30 days and are at least a day old, for
 * another 60 days; a token Meta refuses marks its connection failing with Meta's reason.
 */
export async function refreshThreadsTokens(deps: Deps): Promise<{ refreshed: number }> {
  const app = deps.config.threads;
  if (!app) return { refreshed: 0 };
  const now = deps.now();
  const due = await deps.db
    .selectFrom("connections")
    .select("id")
    .where("provider", "=", "threads")
    .where("expires_at", "<=", new Date(now.getTime() + REFRESH_WITHIN_MS))
    .where("expires_at", ">", now)
    .where((eb) => eb.or([eb("token_issued_at", "is", null), eb("token_issued_at", "<=", new Date(now.getTime() - DAY_MS))]))
    .execute();
  const ids = new Set(due.map((c) => c.id));
  let refreshed = 0;
  for (const connection of (await threadsConnections(deps)).filter((c) => ids.has(c.id))) {
    try {
      const token = await refreshThreadsToken(app, connection.token, now);
      const sealed = sealToken(deps.config.connectionKeys, token.accessToken);
      await deps.db
        .updateTable("connections")
        .set({ access_token: sealed.value, token_key_id: sealed.keyId, expires_at: token.expiresAt, token_issued_at: now })
        .where("id", "=", connection.id)
        .execute();
      refreshed++;
    } catch (error) {
      if (!(error instanceof MetaGraphError)) throw error;
      if (error.expired) await markFailing(deps, connection.id, error.message);
      else deps.log.warn("threads token not refreshed", { connection: connection.id, reason: error.message });
    }
  }
  return { refreshed };
}
