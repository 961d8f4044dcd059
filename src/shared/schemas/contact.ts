import { type } from "arktype";
import { MAX_TOKEN_LENGTH } from "../limits.ts";
import { email, phone } from "./fields.ts";

/** Required text with an upper bound; the forms cap the inputs at the same length. */
function text(max: number) {
  return type("string")
    .narrow((s, ctx) => {
      if (s.trim().length === 0) return ctx.reject({ message: "validation.required" });
      return s.length <= max || ctx.reject({ message: "validation.too_long" });
    })
    .pipe((s) => s.trim());
}

export const CONTACT_LIMITS = { full_name: 100, company: 200, message: 2000 } as const;

/** Where the contact form posts as plain HTML (urlencoded, before its script runs); the script posts JSON there too. */
export const CONTACT_FORM_ACTION = "/api/advise-email";
/** The landing page's anchor that shows the form's failure message when a plain post comes back refused. */
export const CONTACT_FAILED_ANCHOR = "contact-failed";

/** The landing page's contact form (spec §5: full name, company and message required; phone and e-mail rules). */
export const AdviseEmailBody = type({
  full_name: text(CONTACT_LIMITS.full_name),
  phone,
  email,
  company: text(CONTACT_LIMITS.company),
  message: text(CONTACT_LIMITS.message),
  "captcha_token?": type("string").atMostLength(MAX_TOKEN_LENGTH),
});
