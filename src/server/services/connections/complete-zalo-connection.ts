import { exchangeZaloCode, readZaloOa, ZaloError } from "../../collectors/zalo-api.ts";
import type { Deps } from "../../deps.ts";
import { type Callback, screen } from "./complete-meta-connection.ts";
import { takeConnectionState } from "./connection-states.ts";
import { storeZaloConnection } from "./store-zalo-connection.ts";

/**
 * Zalo's redirect after its permission page: the state must be one this server issued for Zalo, unused and fresh
 * (else a 403); the code and the state's PKCE verifier become the OA's tokens, stored with the OA (`getoa`). Where the
 * browser goes next.
 */
export async function completeZaloConnection(deps: Deps, callback: Callback): Promise<string> {
  const started = await takeConnectionState(deps, callback.state, "zalo");
  const app = deps.config.zalo;
  if (callback.error || !callback.code || !app || !started.codeVerifier) return screen(started, "denied");
  try {
    const tokens = await exchangeZaloCode(app, callback.code, started.codeVerifier, deps.now());
    const oa = await readZaloOa(app, tokens.accessToken);
    await storeZaloConnection(deps, { accountId: started.accountId, projectId: started.projectId, oa, tokens });
    return screen(started, "connected");
  } catch (error) {
    if (!(error instanceof ZaloError)) throw error;
    deps.log.warn("zalo connection failed", { account: started.accountId, reason: error.message });
    return screen(started, "failed");
  }
}
