import type { APIRoute } from "astro";
import { LANGS, localePath } from "../i18n/index.ts";
import { PUBLIC_PATHS } from "../shared/public-pages.ts";

/** The public pages in both languages, each with its alternates (hreflang). */
export const GET: APIRoute = ({ site }) => {
  const absolute = (path: string) => new URL(path, site).href;
  const alternates = (path: string) =>
    LANGS.map((lang) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${absolute(localePath(lang, path))}"/>`).join("");
  const urls = PUBLIC_PATHS.flatMap((path) =>
    LANGS.map((lang) => `<url><loc>${absolute(localePath(lang, path))}</loc>${alternates(path)}</url>`),
  );
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(body, { headers: { "content-type": "application/xml; charset=utf-8" } });
};
