import { type, type Type } from "arktype";
import type { ArkErrors } from "arktype";
import { validator } from "hono/validator";
import { messages, type MessageKey } from "../../i18n/index.ts";
import { ApiError, type Message } from "./api-error.ts";

const isMessageKey = (text: string): text is MessageKey => Object.hasOwn(messages.vi, text);

/**
 * arktype problems → field messages. Shared schemas put message keys in `.configure({ message })`;
 * a missing key becomes '{field} là bắt buộc' with the field's translated label.
 */
export function fieldErrors(problems: ArkErrors): Record<string, Message[]> {
  const fields: Record<string, Message[]> = {};
  for (const problem of problems) {
    const field = problem.path.join(".") || "body";
    const labelKey = `field.${String(problem.path.at(-1))}`;
    const message: Message =
      problem.code === "required" || problem.message === "validation.required"
        ? { key: "validation.required", params: { field: isMessageKey(labelKey) ? { key: labelKey } : field } }
        : { key: isMessageKey(problem.message) ? problem.message : "validation.invalid" };
    (fields[field] ??= []).push(message);
  }
  return fields;
}

export function parseOrThrow<S extends Type>(schema: S, value: unknown): S["infer"] {
  const result = schema(value);
  if (result instanceof type.errors) throw new ApiError(422, fieldErrors(result));
  return result;
}

/** Hono validator backed by an arktype schema; failures become a 422 envelope with the field map. */
export function validateJson<S extends Type>(schema: S) {
  return validator("json", (value) => parseOrThrow(schema, value) as S["infer"]);
}

export function validateQuery<S extends Type>(schema: S) {
  return validator("query", (value) => parseOrThrow(schema, value) as S["infer"]);
}
