import { createApp } from "../../src/server/app.ts";
import { loadConfig } from "../../src/server/config.ts";
import type { DatabaseHandle } from "../../src/server/db/client.ts";
import type { AppDeps } from "../../src/server/http/context.ts";
import { createLogger } from "../../src/server/log.ts";
import { classify } from "../../src/server/nlp/sentiment/classify.ts";
import { consoleMail } from "../../src/server/notify/mail.ts";
import { consoleSms } from "../../src/server/notify/sms.ts";
import { createActiveMatcher } from "../../src/server/services/pipeline/active-matcher.ts";
import { freshDatabase } from "./test-database.ts";

export type TestContext = {
  app: ReturnType<typeof createApp>;
  deps: AppDeps;
  handle: DatabaseHandle;
  /** Moves the test clock. */
  setNow(date: Date): void;
  request(path: string, init?: RequestInit & { json?: unknown; lang?: "vi" | "en"; token?: string; ip?: string }): Promise<Response>;
  close(): Promise<void>;
};

export async function createTestContext(overrides: Partial<AppDeps> = {}): Promise<TestContext> {
  const handle = await freshDatabase();
  let now = new Date("2026-11-21T03:00:00Z");
  const log = createLogger("silent");
  const deps: AppDeps = {
    db: handle.db,
    dbKind: handle.kind,
    config: loadConfig({ NODE_ENV: "test", TRUST_PROXY: "1" }),
    log,
    now: () => now,
    sms: consoleSms(log),
    mail: consoleMail(log),
    classify,
    matcher: createActiveMatcher(handle.db),
    ...overrides,
  };
  const app = createApp(deps);
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
      return Promise.resolve(app.request(path, { ...rest, headers: allHeaders, body: json !== undefined ? JSON.stringify(json) : rest.body }));
    },
    close: () => handle.close(),
  };
}
