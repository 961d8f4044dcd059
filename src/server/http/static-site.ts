import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize } from "node:path";
import type { Context } from "hono";
import { splitLocalePath, localePath } from "../../i18n/index.ts";
import { shellFor } from "../../shared/dashboard-routes.ts";
import type { AppEnv } from "./context.ts";
import { pagePolicy } from "./middleware/security-headers.ts";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".topojson": "application/json; charset=utf-8",
  ".md": "text/markdown; charset=utf-8",
  ".webmanifest": "application/manifest+json",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
};

async function readIfFile(distDir: string, relative: string): Promise<Buffer | null> {
  const full = normalize(join(distDir, relative));
  if (!full.startsWith(distDir)) return null;
  const info = await stat(full).catch(() => null);
  return info?.isFile() ? readFile(full) : null;
}

function respond(c: Context<AppEnv>, body: Buffer, file: string, status: 200 | 404 = 200) {
  const immutable = file.startsWith("/_astro/");
  const page: Record<string, string> =
    extname(file) === ".html"
      ? { "content-security-policy": pagePolicy(body.toString("utf8"), c.get("deps").config.recaptcha !== null) }
      : {};
  return c.body(new Uint8Array(body), status, {
    "content-type": TYPES[extname(file)] ?? "application/octet-stream",
    "cache-control": immutable ? "public, max-age=31536000, immutable" : "no-cache",
    ...page,
  });
}

/** Serves the built site: files, directory pages, dashboard shells, and the localized 404 page with status 404. */
export function staticSite(distDir: string) {
  return async (c: Context<AppEnv>) => {
    const pathname = c.req.path;
    const { lang, path } = splitLocalePath(pathname);
    if (path === "/") return c.redirect(localePath(lang, "/overview"), 302);
    if (!pathname.includes("\0") && !pathname.includes("..")) {
      const shell = shellFor(path);
      const candidates = shell
        ? [localePath(lang, shell)]
        : extname(pathname)
          ? [pathname]
          : [join(pathname, "index.html"), `${pathname.replace(/\/$/, "")}.html`];
      for (const file of candidates) {
        const body = await readIfFile(distDir, file);
        if (body) return respond(c, body, file);
      }
    }
    // Astro writes the default 404 page as /404.html and a localized one as /en/404/index.html.
    for (const file of [localePath(lang, "/404.html"), localePath(lang, "/404/index.html")]) {
      const page = await readIfFile(distDir, file);
      if (page) return respond(c, page, file, 404);
    }
    return c.text("This page could not be found", 404);
  };
}
