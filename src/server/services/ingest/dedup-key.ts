import { createHash } from "node:crypto";

const TRACKING_PARAMS = /^(utm_[a-z]+|fbclid|gclid|zarsrc|gidzl|_ga|ref|refsrc)$/i;

/** Same page, same key: scheme, host case, "www.", tracking parameters, fragments and trailing slashes do not count. */
export function normalizeUrl(raw: string): string {
  try {
    const url = new URL(raw.trim());
    const params = [...url.searchParams].filter(([name]) => !TRACKING_PARAMS.test(name)).sort(([a], [b]) => a.localeCompare(b));
    const query = new URLSearchParams(params).toString();
    const path = url.pathname.replace(/\/+$/, "") || "/";
    return `${url.hostname.toLowerCase().replace(/^www\./, "")}${path}${query ? `?${query}` : ""}`;
  } catch {
    return raw.trim();
  }
}

/** A document is unique by channel + provider id, else by its normalized URL. */
export function dedupKey(doc: { channel: number; externalId: string | null; url: string }): string {
  if (doc.externalId) return `${doc.channel}:id:${doc.externalId}`;
  return `${doc.channel}:url:${createHash("sha1").update(normalizeUrl(doc.url)).digest("hex")}`;
}
