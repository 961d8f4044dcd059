import type { MessageKey } from "../../i18n/index.ts";
import type { Message } from "../../shared/schemas/problems.ts";

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 503;

export type { Message };

/**
 * Thrown by services and middleware; the error handler turns it into the envelope.
 * `fields` maps a field name to its messages; general problems go under "message".
 */
export class ApiError extends Error {
  constructor(
    readonly status: ErrorStatus,
    readonly fields: Record<string, Message[]>,
    readonly headers: Record<string, string> = {},
    /** Extra fields for the envelope's data, e.g. retry_after. */
    readonly data: Record<string, unknown> = {},
  ) {
    super(Object.values(fields)[0]?.[0]?.key ?? `HTTP ${status}`);
  }

  static of(status: ErrorStatus, key: MessageKey, params?: Message["params"], field = "message"): ApiError {
    return new ApiError(status, { [field]: [{ key, params }] });
  }
}
