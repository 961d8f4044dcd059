import { createMiddleware } from "hono/factory";
import { MAX_QUERY_VALUE_LENGTH } from "../../../shared/limits.ts";
import { badTextReason } from "../../../shared/text-safety.ts";
import { AppError } from "../../errors.ts";
import type { AppEnv } from "../context.ts";

function decodedSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * Every API request's path and query string, before any route sees them: broken percent-encoding, NUL bytes, control
 * characters and over-long values end in a 422 naming the part, never in a database error.
 */
export const inputGuard = createMiddleware<AppEnv>(async (c, next) => {
  const url = new URL(c.req.url);
  for (const segment of url.pathname.split("/")) {
    const decoded = decodedSegment(segment);
    if (decoded === null || badTextReason(decoded)) throw AppError.of(422, "validation.bad_text", undefined, "path");
  }
  for (const [name, value] of url.searchParams) {
    const field = badTextReason(name) ? "query" : name;
    if (badTextReason(name) || badTextReason(value) || value.includes("\uFFFD"))
      throw AppError.of(422, "validation.bad_text", undefined, field);
    if (value.length > MAX_QUERY_VALUE_LENGTH) throw AppError.of(422, "validation.too_long", undefined, field);
  }
  await next();
});
