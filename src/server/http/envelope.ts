import { type } from "arktype";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { translate, type Lang } from "../../i18n/index.ts";
import type { Envelope } from "../../shared/envelope.ts";
import type { AppError, Message } from "../errors.ts";
import type { AppEnv } from "./context.ts";

/** Outside production, an answer that strays from its route's documented schema is a failure, so tests catch the drift. */
function holdToSchema(c: Context, data: unknown) {
  const { answerSchema: schema, deps } = c.var as Partial<AppEnv["Variables"]>;
  if (!schema || !deps || deps.config.env === "production") return;
  const checked = schema(data);
  if (checked instanceof type.errors) throw new Error(`${c.req.method} ${c.req.path} answered outside its schema: ${checked.summary}`);
}

/** The only place that writes the response envelope `{ code, data, errors }`. */
export function ok<T>(c: Context, data: T) {
  holdToSchema(c, data);
  return c.json({ code: 200, data, errors: {} } satisfies Envelope<T>, 200);
}

/** A browser's plain form post answered the browser's way, with a redirect; its body is still the envelope. */
export function seeOther(c: Context, location: string) {
  c.header("location", location);
  return c.json({ code: 303, data: { location }, errors: {} } satisfies Envelope<{ location: string }>, 303);
}

/** A browser's navigation sent on (to a provider's login dialog, back to a screen); the body is the envelope. */
export function redirectTo(c: Context, location: string) {
  c.header("location", location);
  return c.json({ code: 302, data: { location }, errors: {} } satisfies Envelope<{ location: string }>, 302);
}

/** Plain text a provider reads as it is (Meta's webhook verification wants its challenge back). */
export function plainText(c: Context, text: string) {
  return c.text(text, 200);
}

/** A JSON answer that is not an envelope: the OpenAPI document, which tools read as it is. */
export function plainJson<T>(c: Context, value: T) {
  return c.json(value);
}

function translateMessage(lang: Lang, message: Message): string {
  const params = Object.fromEntries(
    Object.entries(message.params ?? {}).map(([name, value]) => [name, typeof value === "object" ? translate(lang, value.key) : value]),
  );
  return translate(lang, message.key, params);
}

function errorEnvelope(error: AppError, lang: Lang): Envelope<{ message: string } & Record<string, unknown>> {
  const errors = Object.fromEntries(
    Object.entries(error.fields).map(([field, list]) => [field, list.map((m) => translateMessage(lang, m))]),
  );
  const message = Object.values(errors)[0]?.[0] ?? "";
  return { code: error.status, data: { ...error.data, message }, errors };
}

export function fail(c: Context, error: AppError, lang: Lang) {
  for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
  return c.json(errorEnvelope(error, lang), error.status as ContentfulStatusCode);
}
