import type { TFunction } from "i18next";
import { ECOMMERCE_SOURCE, MENTION_STATUS, MENTION_TYPE } from "../../shared/mention.ts";

/** The constant's name as a message key part: inProgress → in_progress. */
function keyOf(table: Record<string, number>, value: number): string {
  const name = Object.keys(table).find((k) => table[k] === value) ?? String(value);
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** Names of the mention constants (spec §4) in the page language. */
export function mentionLabels(t: TFunction) {
  return {
    type: (value: number) => t(`mention.type.${keyOf(MENTION_TYPE, value)}`),
    status: (value: number) => t(`mention.status.${keyOf(MENTION_STATUS, value)}`),
    ecommerce: (value: number) => t(`mention.ecommerce.${keyOf(ECOMMERCE_SOURCE, value)}`),
  };
}
