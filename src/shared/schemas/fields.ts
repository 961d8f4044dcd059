import { type } from "arktype";
import type { MessageKey } from "../../i18n/index.ts";
import { DATE_BOUNDS, MAX_EMAIL_LENGTH, MAX_TEXT_FIELD } from "../limits.ts";

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
const bounded = (max: number): Check => [(s) => s.length <= max, "validation.too_long"];

/** Row ids are bigint columns; past 2^53 a JavaScript number no longer names one row exactly. */
export const rowId = type("number.integer").atLeast(1).atMost(Number.MAX_SAFE_INTEGER).configure({ message: "validation.invalid" });

/** A real calendar day as YYYY-MM-DD within the dates the product handles ("2026-02-30" and "0000-00-00" are not). */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match || text < DATE_BOUNDS.min || text > DATE_BOUNDS.max) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export const calendarDate = rule([isCalendarDate, "validation.format"]);

/** Field rules of spec §5, shared by the forms and the API. */
export const required = rule(filled, bounded(MAX_TEXT_FIELD)).pipe((s) => s.trim());

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

/** RFC 5322 dot-atom local part: no quotes, spaces, commas, angle brackets, comments or other list syntax. */
const EMAIL_LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
/** Host name labels (letters, digits, inner hyphens) and a top-level domain of 2 to 4 letters (spec §5). */
const EMAIL_DOMAIN = /^([A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,4}$/;

/**
 * Exactly one plain address (addr-spec): a mail header must read it as the address shown, never as a list, a display
 * name or a group that names another one (`a,b@x.vn`, `x<evil@x.vn>`, `"a@b"@x.vn`).
 */
function isPlainEmail(text: string): boolean {
  const parts = text.split("@");
  return parts.length === 2 && parts[0].length <= 64 && EMAIL_LOCAL.test(parts[0]) && EMAIL_DOMAIN.test(parts[1]);
}

export const email = rule(filled, bounded(MAX_EMAIL_LENGTH), [(s) => isPlainEmail(s.trim()), "validation.email_invalid"]).pipe((s) =>
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
