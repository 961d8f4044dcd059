import { type, type Type } from "arktype";
import type { MessageKey } from "../i18n/index.ts";
import { fieldMessages, type Message } from "../shared/schemas/problems.ts";

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 503;

export type { Message };

/**
 * A domain error: thrown by services (and middleware), turned into the envelope by the HTTP layer's error handler.
 * `status` is the envelope's code (the spec's codes are HTTP's); `fields` maps a field name to its messages, general
 * problems go under "message".
 */
export class AppError extends Error {
  constructor(
    readonly status: ErrorStatus,
    readonly fields: Record<string, Message[]>,
    readonly headers: Record<string, string> = {},
    /** Extra fields for the envelope's data, e.g. retry_after. */
    readonly data: Record<string, unknown> = {},
  ) {
    super(Object.values(fields)[0]?.[0]?.key ?? `HTTP ${status}`);
  }

  static of(status: ErrorStatus, key: MessageKey, params?: Message["params"], field = "message"): AppError {
    return new AppError(status, { [field]: [{ key, params }] });
  }
}

/** The value as the schema reads it, or a 422 with a message per field. */
export function parseOrThrow<S extends Type>(schema: S, value: unknown): S["infer"] {
  const result = schema(value);
  if (result instanceof type.errors) throw new AppError(422, fieldMessages(result));
  return result;
}
