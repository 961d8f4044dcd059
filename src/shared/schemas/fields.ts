import { type } from "arktype";
import type { MessageKey } from "../../i18n/index.ts";

type Check = readonly [(value: string) => boolean, MessageKey];

/**
 * A string rule whose checks run in order and report the first failure as an i18n key (the API and the islands
 * translate it). A missing field is reported by arktype as "required" and becomes '{field} là bắt buộc'.
 */
function rule(...checks: Check[]) {
  return type("string").narrow((value, ctx) => {
    for (const [passes, message] of checks) if (!passes(value)) return ctx.reject({ message });
    return true;
  });
}

const filled: Check = [(s) => s.trim().length > 0, "validation.required"];

/** Field rules of spec §5, shared by the forms and the API. */
export const required = rule(filled).pipe((s) => s.trim());

export const username = rule(
  filled,
  [(s) => s === s.trim(), "validation.username_spaces"],
  [(s) => /^[A-Za-z0-9_.]{3,50}$/.test(s), "validation.username_format"],
);

/** One rule everywhere (spec §5, account text): 8 to 16 characters with an uppercase and a lowercase letter. */
export const password = rule(
  [(s) => s.length > 0, "validation.required"],
  [(s) => s.length >= 8 && s.length <= 16 && /[a-z]/.test(s) && /[A-Z]/.test(s), "validation.password_rule"],
);

export const PHONE_PATTERN = /^(0|84|\+84)\d{9}$/;

export const phone = rule(
  filled,
  [(s) => !/\s/.test(s), "validation.phone_spaces"],
  [(s) => PHONE_PATTERN.test(s), "validation.phone_invalid"],
).pipe(normalizePhone);

export const email = rule(filled, [(s) => /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,4}$/.test(s.trim()), "validation.email_invalid"]).pipe((s) =>
  s.trim(),
);

export const otp = rule(
  [(s) => s.trim().length > 0, "validation.otp_empty"],
  [(s) => /^\d{6}$/.test(s.trim()), "validation.otp_format"],
).pipe((s) => s.trim());

/** Stored form of a Vietnamese phone number: 0 followed by nine digits. */
export function normalizePhone(raw: string): string {
  return `0${raw.replace(/^(\+84|84|0)/, "")}`;
}
