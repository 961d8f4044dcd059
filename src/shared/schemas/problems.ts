import type { ArkErrors } from "arktype";
import { messages, type MessageKey } from "../../i18n/index.ts";

/** A message to translate where it is shown; a parameter may itself be a key (a field label). */
export type Message = { key: MessageKey; params?: Record<string, string | number | { key: MessageKey }> };

const isMessageKey = (text: string): text is MessageKey => Object.hasOwn(messages.vi, text);

/**
 * arktype problems → messages per field, the same on the server (422 envelope) and in the forms.
 * Shared schemas report i18n keys; a missing or blank field becomes '{field} là bắt buộc' with its translated label.
 */
export function fieldMessages(problems: ArkErrors): Record<string, Message[]> {
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
