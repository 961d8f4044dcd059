import type { Deps } from "../../deps.ts";
import { MetaGraphError } from "../../collectors/meta-http.ts";
import { exchangeThreadsCode, readThreadsUser } from "../../collectors/threads-graph.ts";
import { type Callback, screen } from "./complete-meta-connection.ts";
import { takeConnectionState } from "./connection-states.ts";
import { storeConnection } from "./store-connection.ts";
import { threadsRedirectUri } from "./start-threads-connection.ts";

/**
 * Threads' redirect after its authorization window: the state must be one this server issued for Threads, unused and
 * fresh (else a 403); the code becomes a long-lived token, stored with the Threads user. Where the browser goes next.
 */
export async function completeThreadsConnection(deps: Deps, callback: Callback): Promise<string> {
  const started = await takeConnectionState(deps, callback.state, "threads");
  const app = deps.config.threads;
  if (callback.error || !callback.code || !app) return screen(started, "denied");
  try {
    const token = await exchangeThreadsCode(app, callback.code, threadsRedirectUri(deps), deps.now());
    const user = await readThreadsUser(app, token.accessToken);
    await storeConnection(deps, "threads", { ...started, user, ...token });
    return screen(started, "connected");
  } catch (error) {
    if (!(error instanceof MetaGraphError)) throw error;
    deps.log.warn("threads connection failed", { account: started.accountId, reason: error.message });
    return screen(started, "failed");
  }
}
