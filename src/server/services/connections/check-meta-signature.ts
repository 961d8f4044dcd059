import { createHmac, timingSafeEqual } from "node:crypto";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../errors.ts";

/**
 * A delivery is Meta's only if X-Hub-Signature-256 is "sha256=" and the HMAC-SHA256 of the raw body keyed with the
 * app secret, compared in constant time; anything else (or no app configured) is a 401.
 */
export function checkMetaSignature(deps: Deps, rawBody: string, header: string | undefined): void {
  const secret = deps.config.meta?.appSecret;
  const given = /^sha256=([0-9a-f]{64})$/i.exec(header ?? "")?.[1];
  if (!secret || !given) throw AppError.of(401, "webhook.bad_signature");
  const expected = createHmac("sha256", secret).update(rawBody, "utf8").digest();
  if (!timingSafeEqual(expected, Buffer.from(given, "hex"))) throw AppError.of(401, "webhook.bad_signature");
}
