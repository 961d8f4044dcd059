import type { Deps } from "../../deps.ts";
import { MetaGraphError, type MetaMeter } from "../../collectors/meta-http.ts";
import { markFailing } from "./mark-failing.ts";
import { pauseConnection } from "./pause-connection.ts";

/**
 * What a round does after Meta refused a call for a connection: a token Meta no longer takes marks the connection
 * failing until it is reconnected, and the round goes on with other pages ("next"); throttling pauses the connection
 * for Meta's announced wait, and anything else (Meta unreachable) is logged; both end the round ("stop"), the next one
 * going on from the saved cursors.
 */
export async function settleRefusal(deps: Deps, connectionId: number, meter: MetaMeter, error: unknown): Promise<"next" | "stop"> {
  if (!(error instanceof MetaGraphError)) throw error;
  if (error.expired) {
    await markFailing(deps, connectionId, error.message);
    return "next";
  }
  if (error.throttled) await pauseConnection(deps, connectionId, meter, error.message);
  else deps.log.warn("meta collection stopped", { connection: connectionId, reason: error.message });
  return "stop";
}
