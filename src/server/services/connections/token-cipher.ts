import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/** A token as stored: AES-256-GCM (nonce, tag and ciphertext in base64) and the id of the key that sealed it. */
export type SealedToken = { value: string; keyId: string };

const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/** A key's id: a prefix of its hash, so the stored id names the key without revealing it, in any order of the list. */
export const keyIdOf = (key: Buffer) => createHash("sha256").update(key).digest("hex").slice(0, 16);

/** Encrypts with the first key (CONNECTIONS_KEY's first). */
export function sealToken(keys: Buffer[], token: string): SealedToken {
  const [key] = keys;
  if (!key) throw new Error("CONNECTIONS_KEY is not configured");
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, nonce);
  const sealed = Buffer.concat([cipher.update(token, "utf8"), cipher.final()]);
  return { value: Buffer.concat([nonce, cipher.getAuthTag(), sealed]).toString("base64"), keyId: keyIdOf(key) };
}

/** Decrypts with whichever configured key sealed it; a retired key (no longer configured) is an error. */
export function openToken(keys: Buffer[], sealed: SealedToken): string {
  const key = keys.find((k) => keyIdOf(k) === sealed.keyId);
  if (!key) throw new Error(`the key ${sealed.keyId} that sealed this token is no longer configured`);
  const bytes = Buffer.from(sealed.value, "base64");
  const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, NONCE_BYTES));
  decipher.setAuthTag(bytes.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(bytes.subarray(NONCE_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
}
