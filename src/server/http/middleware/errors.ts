import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { AppError } from "../../errors.ts";
import type { AppEnv } from "../context.ts";
import { fail } from "../envelope.ts";

/** Every failure leaves as an envelope; unexpected ones are logged and never expose a stack trace. */
export function handleError(error: Error, c: Context<AppEnv>) {
  const lang = c.get("lang") ?? "vi";
  if (error instanceof AppError) return fail(c, error, lang);
  if (error instanceof HTTPException && error.status === 400) {
    return fail(c, AppError.of(422, "error.invalid_json", undefined, "body"), lang);
  }
  if (error instanceof HTTPException && error.status === 413) {
    return fail(c, AppError.of(413, "error.payload_too_large"), lang);
  }
  c.get("deps").log.error(`${c.req.method} ${c.req.path} failed`, error);
  return fail(c, AppError.of(500, "error.internal"), lang);
}

export function apiNotFound(c: Context<AppEnv>) {
  return fail(c, AppError.of(404, "error.not_found_api"), c.get("lang") ?? "vi");
}
