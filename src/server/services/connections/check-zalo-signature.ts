import { createHash, timingSafeEqual } from "node:crypto";
import { type } from "arktype";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../errors.ts";

// Zalo retries an event it could not deliver for up to 12 hours: older than that, a signed event is a replay.
const OLDEST_MS = 12 * 3600_000;
// Clocks differ a little; an event from further ahead than this was not sent by Zalo now.
const AHEAD_MS = 5 * 60_000;

const Stamped = type({ timestamp: "string | number" });

/** The event's `timestamp` (milliseconds) from the raw body, or null when the body is not a timestamped JSON object. */
function timestampOf(rawBody: string): string | null {
  try {
    const stamped = Stamped(JSON.parse(rawBody));
    return stamped instanceof type.errors ? null : String(stamped.timestamp);
  } catch {
    return null;
  }
}

/**
 * An event is Zalo's only if X-ZEvent-Signature is `mac=` and the SHA-256 (hex) of app id + raw body + the body's
 * timestamp + the OA secret key, compared in constant time, and its timestamp is within Zalo's 12 hours of retries;
 * anything else (or no Zalo app configured) is a 401.
 */
export function checkZaloSignature(deps: Deps, rawBody: string, header: string | undefined): void {
  const app = deps.config.zalo;
  const given = /^(?:mac=)?([0-9a-f]{64})$/i.exec(header?.trim() ?? "")?.[1];
  const timestamp = timestampOf(rawBody);
  if (!app || !given || timestamp === null) throw AppError.of(401, "webhook.bad_signature");
  const expected = createHash("sha256").update(`${app.appId}${rawBody}${timestamp}${app.oaSecretKey}`, "utf8").digest();
  if (!timingSafeEqual(expected, Buffer.from(given, "hex"))) throw AppError.of(401, "webhook.bad_signature");
  const age = deps.now().getTime() - Number(timestamp);
  if (!(age <= OLDEST_MS && age >= -AHEAD_MS)) throw AppError.of(401, "webhook.bad_signature");
}
