import { createHash, randomBytes, randomInt } from "node:crypto";

/** Opaque bearer token; only its hash is stored, so a leaked table does not leak sessions. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function newOtpCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}
