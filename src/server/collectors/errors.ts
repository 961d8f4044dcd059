/**
 * - timeout, network: the provider could not be reached in time (after retries)
 * - rate_limited: the provider (429) or our own per-query limit refused this round
 * - server: 5xx after retries
 * - client: a 4xx that retrying cannot fix (feed gone, invalid API key, bad request)
 * - malformed: the body is not the documented format (invalid XML/JSON, unexpected shape)
 * - too_large: the body exceeded the client's size cap
 * - quota: a daily API budget is spent (ours or the provider's)
 */
type CollectorErrorKind = "timeout" | "rate_limited" | "server" | "client" | "malformed" | "too_large" | "quota" | "network";
export type CollectorError = { kind: CollectorErrorKind; message: string };

/** Thrown by parsers when a body is not in the provider's documented format; collectors report it as "malformed". */
export class MalformedResponseError extends Error {}

/** Runs a parser, turning MalformedResponseError into a reportable error; anything else is a bug and propagates. */
export function parseReporting<T>(parse: () => T): { ok: true; value: T } | { ok: false; error: CollectorError } {
  try {
    return { ok: true, value: parse() };
  } catch (error) {
    if (error instanceof MalformedResponseError) return { ok: false, error: { kind: "malformed", message: error.message } };
    throw error;
  }
}
