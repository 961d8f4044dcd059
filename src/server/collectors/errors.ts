import type { CollectorError } from "./types";

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
