import { type, type Type } from "arktype";
import { validator } from "hono/validator";
import { fieldMessages } from "../../shared/schemas/problems.ts";
import { ApiError } from "./api-error.ts";

export function parseOrThrow<S extends Type>(schema: S, value: unknown): S["infer"] {
  const result = schema(value);
  if (result instanceof type.errors) throw new ApiError(422, fieldMessages(result));
  return result;
}

/** Hono validator backed by an arktype schema; failures become a 422 envelope with the field map. */
export function validateJson<S extends Type>(schema: S) {
  return validator("json", (value) => parseOrThrow(schema, value) as S["infer"]);
}

export function validateQuery<S extends Type>(schema: S) {
  return validator("query", (value) => parseOrThrow(schema, value) as S["infer"]);
}
