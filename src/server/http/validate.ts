import type { Type } from "arktype";
import { validator } from "hono/validator";
import { MAX_JSON_DEPTH } from "../../shared/limits.ts";
import { findBadText } from "../../shared/text-safety.ts";
import { AppError, parseOrThrow } from "../errors.ts";
import { readingJson } from "./route-doc.ts";

/** Deeper than `max` levels of arrays and objects; walked with its own stack so the walk itself cannot overflow. */
function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (current === null || typeof current !== "object") continue;
    if (depth >= max) return true;
    for (const child of Object.values(current)) stack.push({ value: child, depth: depth + 1 });
  }
  return false;
}

type JsonOptions = {
  /** The service rejects unsafe text item by item (ingest) instead of refusing the whole body. */
  textCheckedPerItem?: boolean;
  /** The body as the OpenAPI document shows it, when the service checks parts of it itself (ingest's documents). */
  documentedAs?: Type;
};

/**
 * Hono validator backed by an arktype schema. Before the schema: a body nested too deeply, and any string (keys
 * included) with NUL, control characters or lone surrogates, is a 422 naming the field. Failures become a 422 envelope.
 * The schema is also the route's request body in the OpenAPI document.
 */
export function validateJson<S extends Type>(schema: S, options: JsonOptions = {}) {
  const validateBody = validator("json", (value) => {
    if (nestedDeeperThan(value, MAX_JSON_DEPTH)) throw AppError.of(422, "validation.too_deep", undefined, "body");
    const bad = options.textCheckedPerItem ? null : findBadText(value);
    if (bad) throw AppError.of(422, "validation.bad_text", undefined, bad.path || "body");
    return parseOrThrow(schema, value) as S["infer"];
  });
  return readingJson(options.documentedAs ?? schema, validateBody);
}
