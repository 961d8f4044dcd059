import type { GraphApp } from "../../config.ts";
import type { Deps } from "../../deps.ts";
import { refreshTiktokToken } from "../../collectors/tiktok-api.ts";
import { saveRefreshToken } from "./store-tiktok-connection.ts";
import type { TiktokConnection } from "./tiktok-connections.ts";

// TikTok's access token lasts 24 hours; renewed when less than this is left, so a round never starts on a dying one.
const REFRESH_WITHIN_MS = 2 * 3600_000;

/** The connection's access token, refreshed first when it runs out within two hours (TikTok refusing throws). */
export async function freshTiktokToken(deps: Deps, app: GraphApp, connection: TiktokConnection): Promise<string> {
  const now = deps.now();
  const due = connection.expires_at !== null && connection.expires_at.getTime() - now.getTime() < REFRESH_WITHIN_MS;
  if (!due || !connection.refreshToken) return connection.token;
  const token = await refreshTiktokToken(app, connection.refreshToken, now);
  await saveRefreshToken(deps, connection.id, token);
  return token.accessToken;
}
