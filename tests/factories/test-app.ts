import { createApp } from "../../src/server/app.ts";
import { loadConfig } from "../../src/server/config.ts";
import type { DatabaseHandle } from "../../src/server/db/client.ts";
import { createDeps, type Deps } from "../../src/server/deps.ts";
import { createLogger } from "../../src/server/log.ts";
import { freshDatabase } from "./test-database.ts";

export type TestContext = {
  app: ReturnType<typeof createApp>;
  deps: Deps;
  handle: DatabaseHandle;
  /** Moves the test clock. */
  setNow(date: Date): void;
  request(path: string, init?: RequestInit & { json?: unknown; lang?: "vi" | "en"; token?: string; ip?: string }): Promise<Response>;
  close(): Promise<void>;
};

/** The app on a fresh database, built by the same composition root as the server, with a movable clock and no log. */
export async function createTestContext(overrides: Partial<Deps> = {}, options: { distDir?: string } = {}): Promise<TestContext> {
  const handle = await freshDatabase();
  let now = new Date("2026-11-21T03:00:00Z");
  const config = overrides.config ?? loadConfig({ NODE_ENV: "test", TRUST_PROXY: "1" });
  const deps = createDeps(config, handle, { log: createLogger("silent"), now: () => now, ...overrides });
  const app = createApp(deps, options);
  return {
    app,
    deps,
    handle,
    setNow(date) {
      now = date;
    },
    request(path, init = {}) {
      const { json, lang, token, ip, headers, ...rest } = init;
      const allHeaders = new Headers(headers);
      if (json !== undefined) allHeaders.set("content-type", "application/json");
      if (lang) allHeaders.set("accept-language", lang);
      if (token) allHeaders.set("authorization", `Bearer ${token}`);
      if (ip) allHeaders.set("x-forwarded-for", ip);
      return Promise.resolve(
        app.request(path, { ...rest, headers: allHeaders, body: json !== undefined ? JSON.stringify(json) : rest.body }),
      );
    },
    close: () => handle.close(),
  };
}
