import type { TFunction } from "i18next";
import { ecommerceSourceKey, mentionStatusKey, mentionTypeKey } from "../../shared/names.ts";

/** Names of the mention constants (spec §4) in the page language. */
export function mentionLabels(t: TFunction) {
  return {
    type: (value: number) => t(mentionTypeKey(value)),
    status: (value: number) => t(mentionStatusKey(value)),
    ecommerce: (value: number) => t(ecommerceSourceKey(value)),
  };
}
