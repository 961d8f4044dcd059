import type { TFunction } from "i18next";
import type { Message } from "../shared/schemas/problems.ts";

/** The first message of each field, translated the way the API translates them. */
export function translateFieldMessages(t: TFunction, fields: Record<string, Message[]>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).map(([field, [first]]) => {
      const params = Object.fromEntries(Object.entries(first.params ?? {}).map(([k, v]) => [k, typeof v === "object" ? t(v.key) : v]));
      return [field, t(first.key, params)];
    }),
  );
}
