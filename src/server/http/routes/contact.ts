import { Hono, type Context } from "hono";
import { typicalCustomers } from "../../../content/typical-customers.ts";
import { isLang, localePath } from "../../../i18n/index.ts";
import { AdviseEmailBody, CONTACT_FAILED_ANCHOR } from "../../../shared/schemas/contact.ts";
import { findBadText } from "../../../shared/text-safety.ts";
import { AppError, parseOrThrow } from "../../errors.ts";
import { submitAdviceRequest } from "../../services/contact/index.ts";
import { TypicalCustomerSchema } from "../../../shared/schemas/answers.ts";
import { API } from "../../../shared/api-contract.ts";
import type { AppEnv } from "../context.ts";
import { ok, seeOther } from "../envelope.ts";
import { validateJson } from "../validate.ts";
import { apiDoc } from "../route-doc.ts";

const FORM_FIELDS = ["full_name", "phone", "email", "company", "message"] as const;

/**
 * The contact form posted as plain HTML, before its script runs: the same checks and the same request, answered the
 * way a browser expects, with a redirect to the thank-you page, or back to the form's failure message.
 */
async function submitPlainForm(c: Context<AppEnv>) {
  const body = new URLSearchParams(await c.req.text());
  const lang = body.get("lang");
  const pageLang = isLang(lang) ? lang : c.get("lang");
  const fields: Record<string, string> = {};
  for (const name of FORM_FIELDS) fields[name] = body.get(name) ?? "";
  const captcha = body.get("g-recaptcha-response");
  if (captcha) fields.captcha_token = captcha;
  try {
    if (findBadText(fields)) throw AppError.of(422, "validation.bad_text");
    await submitAdviceRequest(c.get("deps"), parseOrThrow(AdviseEmailBody, fields), { ip: c.get("clientIp"), lang: pageLang });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return seeOther(c, `${localePath(pageLang, "/landingpage")}#${CONTACT_FAILED_ANCHOR}`);
  }
  return seeOther(c, localePath(pageLang, "/thankyou"));
}

// A form without a script posts urlencoded (the form names no other encoding).
const isPlainForm = (c: Context<AppEnv>) => /^application\/x-www-form-urlencoded\b/i.test(c.req.header("content-type") ?? "");

/** The landing page's public calls: the typical customers and the contact form. */
export const contactRoutes = new Hono<AppEnv>()
  .get(
    "/typical_customer",
    apiDoc({ summary: "The landing page's typical customers, in the caller's language", response: TypicalCustomerSchema.array() }),
    (c) => ok(c, typicalCustomers(c.get("lang"))),
  )
  .post(
    "/advise-email",
    apiDoc({
      summary: "The landing page's contact form: kept and e-mailed to sales (a plain form post is answered with a redirect)",
      response: API.adviseEmail.response,
    }),
    async (c, next) => (isPlainForm(c) ? submitPlainForm(c) : next()),
    validateJson(API.adviseEmail.body),
    async (c) => ok(c, await submitAdviceRequest(c.get("deps"), c.req.valid("json"), { ip: c.get("clientIp"), lang: c.get("lang") })),
  );
