import type { APIRoute } from "astro";
import { PRIVATE_PATHS } from "../shared/public-pages.ts";

/** Dashboard pages are private: crawlers keep to the public ones listed in the sitemap. */
export const GET: APIRoute = ({ site }) => {
  const disallow = PRIVATE_PATHS.flatMap((path) => [path, `/en${path}`]).map((path) => `Disallow: ${path}`);
  const body = ["User-agent: *", ...disallow, "Disallow: /api/", "", `Sitemap: ${new URL("/sitemap.xml", site).href}`, ""].join("\n");
  return new Response(body, { headers: { "content-type": "text/plain; charset=utf-8" } });
};
