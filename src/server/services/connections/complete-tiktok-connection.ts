import type { Deps } from "../../deps.ts";
import { exchangeTiktokCode, readTiktokProfile, TiktokApiError } from "../../collectors/tiktok-api.ts";
import { type Callback, screen } from "./complete-meta-connection.ts";
import { takeConnectionState } from "./connection-states.ts";
import { tiktokRedirectUri } from "./start-tiktok-connection.ts";
import { storeTiktokConnection } from "./store-tiktok-connection.ts";

/**
 * TikTok's redirect after its authorization page: the state must be one this server issued for TikTok, unused and fresh
 * (else a 403); the code becomes the account's tokens, stored with its profile's name. Where the browser goes next.
 */
export async function completeTiktokConnection(deps: Deps, callback: Callback): Promise<string> {
  const started = await takeConnectionState(deps, callback.state, "tiktok");
  const app = deps.config.tiktok;
  if (callback.error || !callback.code || !app) return screen(started, "denied");
  try {
    const token = await exchangeTiktokCode(app, callback.code, tiktokRedirectUri(deps), deps.now());
    const account = await readTiktokProfile(app, token.accessToken, token.openId);
    await storeTiktokConnection(deps, started, account, token);
    return screen(started, "connected");
  } catch (error) {
    if (!(error instanceof TiktokApiError)) throw error;
    deps.log.warn("tiktok connection failed", { account: started.accountId, reason: error.message });
    return screen(started, "failed");
  }
}
