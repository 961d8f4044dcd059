import { refreshZaloToken, ZaloError } from "../../collectors/zalo-api.ts";
import type { Deps } from "../../deps.ts";
import { markFailing } from "./mark-failing.ts";
import { saveZaloTokens } from "./store-zalo-connection.ts";
import { zaloConnections } from "./zalo-connections.ts";

// Refreshed ahead of time, so a webhook's name lookup rarely meets an expired token; each refresh also renews the
// 3-month refresh token, so a quiet OA stays connected.
const REFRESH_WITHIN_MS = 2 * 3600_000;

/**
 * Refreshes the Zalo access tokens (about 25 hours) that run out within two hours; a refresh Zalo refuses marks the
 * connection failing with Zalo's message.
 */
export async function refreshZaloTokens(deps: Deps): Promise<{ refreshed: number }> {
  const app = deps.config.zalo;
  if (!app) return { refreshed: 0 };
  const now = deps.now();
  const due = await deps.db
    .selectFrom("connections")
    .select("id")
    .where("provider", "=", "zalo")
    .where("state", "in", ["connected", "expiring"])
    .where("access_expires_at", "<=", new Date(now.getTime() + REFRESH_WITHIN_MS))
    .execute();
  const ids = new Set(due.map((c) => c.id));
  let refreshed = 0;
  for (const connection of (await zaloConnections(deps)).filter((c) => ids.has(c.id))) {
    if (!connection.refreshToken) continue;
    try {
      await saveZaloTokens(deps, connection.id, await refreshZaloToken(app, connection.refreshToken, now));
      refreshed++;
    } catch (error) {
      if (!(error instanceof ZaloError)) throw error;
      if (error.code !== null) await markFailing(deps, connection.id, error.message);
      else deps.log.warn("zalo token not refreshed", { connection: connection.id, reason: error.message });
    }
  }
  return { refreshed };
}
