import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

// Builds the real site once for every e2e file; servers started by the tests then find it fresh and skip the build.
export default function setup() {
  const root = fileURLToPath(new URL("../../", import.meta.url));
  const result = spawnSync(process.execPath, ["node_modules/astro/bin/astro.mjs", "build"], {
    cwd: root,
    stdio: "inherit",
    // vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) throw new Error("astro build failed");
}
