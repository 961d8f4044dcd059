import type { ArkErrors } from "arktype";
import { messages, type MessageKey } from "../../i18n/index.ts";

/** A message to translate where it is shown; a parameter may itself be a key (a field label). */
export type Message = { key: MessageKey; params?: Record<string, string | number | { key: MessageKey }> };

const isMessageKey = (text: string): text is MessageKey => Object.hasOwn(messages.vi, text);

/** A schema's message with numbers to fill in (a query error's position), as arktype carries only a string. */
export const messageWithParams = (key: MessageKey, params: Record<string, number>) =>
  `${key}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`;

function readMessage(text: string): Message {
  const [key, query] = text.split("?", 2);
  if (!isMessageKey(key)) return { key: "validation.invalid" };
  return query ? { key, params: Object.fromEntries([...new URLSearchParams(query)].map(([k, v]) => [k, Number(v)])) } : { key };
}

/**
 * The label of a field: its own where the path has one (`field.competitors.name`, "Tên đối thủ", for any competitor's
 * name), else that of its last part (`field.name`); the field's path when neither exists.
 */
function fieldLabel(path: readonly PropertyKey[], field: string): { key: MessageKey } | string {
  const named = path.filter((part) => typeof part === "string");
  const key = [`field.${named.join(".")}`, `field.${String(path.at(-1))}`].find(isMessageKey);
  return key ? { key } : field;
}

/**
 * arktype problems → messages per field, the same on the server (422 envelope) and in the forms.
 * Shared schemas report i18n keys; a missing, null or blank field becomes '{field} là bắt buộc' (spec §5) with its
 * translated label.
 */
export function fieldMessages(problems: ArkErrors): Record<string, Message[]> {
  const fields: Record<string, Message[]> = {};
  for (const problem of problems) {
    const field = problem.path.join(".") || "body";
    const message: Message =
      problem.code === "required" || problem.data === null || problem.message === "validation.required"
        ? { key: "validation.required", params: { field: fieldLabel(problem.path, field) } }
        : readMessage(problem.message);
    (fields[field] ??= []).push(message);
  }
  return fields;
}
