import type { Lang } from "../i18n/index.ts";

/** The page's language, set by the layout on <html lang>. */
export function pageLang(): Lang {
  return typeof document !== "undefined" && document.documentElement.lang === "en" ? "en" : "vi";
}
