import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";

const OFFLINE_PAGES = ["/offline", "/en/offline"];
const WORKER_SOURCE = fileURLToPath(new URL("./worker.js", import.meta.url));

/** What the offline pages need: their HTML, stylesheets, the fonts those use (woff2 only) and the icon. */
function shellFiles(dist: string): string[] {
  const files = new Set<string>(["/favicon.svg", ...OFFLINE_PAGES]);
  for (const page of OFFLINE_PAGES) {
    const html = readFileSync(join(dist, page, "index.html"), "utf8");
    for (const [, css] of html.matchAll(/href="(\/_astro\/[^"]+\.css)"/g)) {
      files.add(css);
      const stylesheet = readFileSync(join(dist, css), "utf8");
      for (const [, font] of stylesheet.matchAll(/url\((\/_astro\/[^)]+\.woff2)\)/g)) files.add(font);
    }
  }
  return [...files].sort();
}

/** Writes dist/sw.js with a cache version that changes whenever any built file does, so each deploy replaces the caches. */
export function serviceWorker(): AstroIntegration {
  return {
    name: "nghe-service-worker",
    hooks: {
      "astro:build:done": ({ dir, logger }) => {
        const dist = fileURLToPath(dir);
        const precache = shellFiles(dist);
        const hash = createHash("sha256");
        for (const name of readdirSync(join(dist, "_astro")).sort()) hash.update(name);
        for (const page of OFFLINE_PAGES) hash.update(readFileSync(join(dist, page, "index.html")));
        const version = hash.digest("hex").slice(0, 12);
        const header = `const VERSION = ${JSON.stringify(version)};\nconst PRECACHE = ${JSON.stringify(precache)};\n`;
        writeFileSync(join(dist, "sw.js"), header + readFileSync(WORKER_SOURCE, "utf8"));
        logger.info(`sw.js version ${version}, ${precache.length} files precached`);
      },
    },
  };
}
