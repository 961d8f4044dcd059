import type { Deps } from "../../deps.ts";
import type { MetaMeter } from "../../collectors/meta-http.ts";

// Below Meta's 100%, so the app never reaches the throttle in the middle of a round.
const SLOW_DOWN_AT_PERCENT = 90;
// When Meta names no wait, long enough for its rolling hour of usage to drop (rate-limiting docs).
const DEFAULT_PAUSE_MINUTES = 15;

/** The usage headers so far say to stop this round. */
export const nearQuota = (meter: MetaMeter) => meter.usedPercent >= SLOW_DOWN_AT_PERCENT;

/**
 * Meta is limiting the calls: the connection shows "paused by quota" and nothing reads it until Meta's announced wait
 * is over. Webhooks still arrive meanwhile: they call nothing.
 */
export async function pauseConnection(deps: Deps, connectionId: number, meter: MetaMeter, reason: string): Promise<void> {
  const minutes = Math.max(meter.regainMinutes, DEFAULT_PAUSE_MINUTES);
  await deps.db
    .updateTable("connections")
    .set({ state: "paused", paused_until: new Date(deps.now().getTime() + minutes * 60_000), reason })
    .where("id", "=", connectionId)
    .where("state", "in", ["connected", "paused"])
    .execute();
}

/** Connections whose wait is over go back to "connected" before a round reads them. */
export async function resumePausedConnections(deps: Deps): Promise<void> {
  await deps.db
    .updateTable("connections")
    .set({ state: "connected", paused_until: null, reason: null })
    .where("state", "=", "paused")
    .where("paused_until", "<=", deps.now())
    .execute();
}
