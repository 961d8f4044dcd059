import { type } from "arktype";
import en from "./en.json" with { type: "json" };
import vi from "./vi.json" with { type: "json" };

export const LANGS = ["vi", "en"] as const;
export type Lang = (typeof LANGS)[number];
const DEFAULT_LANG: Lang = "vi";

export type MessageKey = keyof typeof vi;
export type Messages = Record<MessageKey, string>;

/** Flat dotted keys with non-empty values, the same shape for every language. */
export const MessagesSchema = type({ "[/^[a-z0-9_]+(\\.[a-z0-9_]+)+$/]": "string > 0" }).onUndeclaredKey("reject");

export const messages: Record<Lang, Messages> = { vi, en };

export function isLang(value: unknown): value is Lang {
  return (LANGS as readonly unknown[]).includes(value);
}

/** A text written in plural forms (`key_one`, `key_other`), asked for by its base key with a numeric `count`. */
export type PluralKey = { [K in MessageKey]: K extends `${infer Base}_other` ? Base : never }[MessageKey];

/** The form of a text for a count, by the language's plural rules (English: one / other; Vietnamese: other only), as i18next picks it. */
function templateFor(lang: Lang, key: MessageKey | PluralKey, count: unknown): string | undefined {
  const texts: Record<string, string> = messages[lang];
  if (typeof count === "number" && texts[`${key}_other`] !== undefined) {
    return texts[`${key}_${new Intl.PluralRules(lang).select(count)}`] ?? texts[`${key}_other`];
  }
  return texts[key];
}

/** Same {{name}} interpolation and plural forms as i18next, so one message file serves pages, islands and the API. */
export function translate(lang: Lang, key: MessageKey | PluralKey, params: Record<string, string | number> = {}): string {
  const template = templateFor(lang, key, params.count) ?? templateFor(DEFAULT_LANG, key, params.count) ?? key;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? `{{${name}}}`));
}

/** Path of a page in a language: Vietnamese at the spec's own paths, English under /en/. */
export function localePath(lang: Lang, path: string): string {
  const clean = path.startsWith("/") ? path : `/${path}`;
  if (lang === DEFAULT_LANG) return clean;
  return clean === "/" ? "/en/" : `/en${clean}`;
}

/** The language of a URL path and the path without its language prefix or trailing slash. */
export function splitLocalePath(pathname: string): { lang: Lang; path: string } {
  const english = pathname === "/en" || pathname.startsWith("/en/");
  const path = (english ? pathname.slice(3) : pathname).replace(/\/+$/, "") || "/";
  return { lang: english ? "en" : DEFAULT_LANG, path };
}
