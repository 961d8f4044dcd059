import { spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import type { Logger } from "../log.ts";
import { DIST_DIR, PROJECT_ROOT } from "./paths.ts";

// Every build writes the 404 page, so its age is the age of the build (also after a plain `npm run build`).
const STAMP = join(DIST_DIR, "404.html");
const SOURCES = ["src", "public", "astro.config.mjs", "tailwind.config.cjs", "package.json"];

function newestMtime(path: string): number {
  const info = statSync(path, { throwIfNoEntry: false });
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  if (path.endsWith(join("src", "server"))) return 0;
  return Math.max(0, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

/** Builds the site when it was never built or its sources changed since; the server code is not part of it. */
export function ensureSiteBuilt(log: Logger): void {
  const stamp = statSync(STAMP, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const newest = Math.max(...SOURCES.map((s) => newestMtime(join(PROJECT_ROOT, s))));
  if (stamp >= newest) return;
  log.info(stamp ? "Site sources changed; rebuilding the site…" : "Building the site (first start)…");
  const result = spawnSync(process.execPath, [join(PROJECT_ROOT, "node_modules/astro/bin/astro.mjs"), "build"], {
    cwd: PROJECT_ROOT,
    stdio: ["ignore", "inherit", "inherit"],
    // Vite bundles React's development build whenever NODE_ENV is not "production" (tests set "test").
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) throw new Error("The site build failed; see the messages above.");
}
