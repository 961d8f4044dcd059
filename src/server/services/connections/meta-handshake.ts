import type { Deps } from "../../deps.ts";
import { AppError } from "../../errors.ts";

/** Meta's verification request: the challenge back when it subscribes with our verify token, else a 403. */
export function metaHandshake(deps: Deps, query: Record<string, string>): string {
  const expected = deps.config.meta?.verifyToken;
  const challenge = query["hub.challenge"];
  if (!expected || query["hub.mode"] !== "subscribe" || query["hub.verify_token"] !== expected || !challenge)
    throw AppError.of(403, "webhook.bad_verify_token");
  return challenge;
}
