import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { loadConfig } from "../../src/server/config.ts";
import { createTestContext, type TestContext } from "../factories/test-app.ts";

// A built page in miniature: Astro writes inline scripts (the chunk-load guard, island hydration) and module scripts.
const guardScript = "(function(){const guardMs = 60000;})();";
const page = `<!doctype html><html><head><script>${guardScript}</script><script type="module" src="/_astro/app.js"></script></head><body>Đăng nhập</body></html>`;
const dist = mkdtempSync(join(tmpdir(), "nghe-headers-"));
mkdirSync(join(dist, "login"), { recursive: true });
writeFileSync(join(dist, "login/index.html"), page);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { distDir: dist });
});
afterAll(async () => {
  await ctx.close();
  rmSync(dist, { recursive: true, force: true });
});

const policyOf = (res: Response) =>
  Object.fromEntries((res.headers.get("content-security-policy") ?? "").split(/;\s*/).map((d) => [d.split(" ")[0], d.split(" ").slice(1)]));

describe("every answer", () => {
  test.each(["/api/health", "/api/no-such-route", "/login"])("%s is not sniffed, framed or leaking its address", async (path) => {
    const res = await ctx.request(path);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("permissions-policy")).toContain("camera=()");
    expect(policyOf(res)["frame-ancestors"]).toEqual(["'none'"]);
  });

  test("an API answer may run nothing", async () => {
    expect(policyOf(await ctx.request("/api/health"))["default-src"]).toEqual(["'none'"]);
  });

  test("HSTS only when a trusted proxy says the request came over HTTPS", async () => {
    expect((await ctx.request("/api/health")).headers.get("strict-transport-security")).toBeNull();
    const https = await ctx.request("/api/health", { headers: { "x-forwarded-proto": "https" } });
    expect(https.headers.get("strict-transport-security")).toContain("max-age=");
    const untrusted = await createTestContext({ config: loadConfig({ TRUST_PROXY: "0" }) });
    const spoofed = await untrusted.request("/api/health", { headers: { "x-forwarded-proto": "https" } });
    expect(spoofed.headers.get("strict-transport-security")).toBeNull();
    await untrusted.close();
  });
});

describe("a page's Content-Security-Policy", () => {
  test("allows its own inline scripts by hash and scripts from this origin, nothing else", async () => {
    const policy = policyOf(await ctx.request("/login"));
    const hash = `'sha256-${createHash("sha256").update(guardScript).digest("base64")}'`;
    expect(policy["script-src"]).toEqual(["'self'", hash]);
    expect(policy["script-src"]).not.toContain("'unsafe-inline'");
    expect(policy["object-src"]).toEqual(["'none'"]);
    expect(policy["frame-src"]).toEqual(["'none'"]);
  });

  test("names the captcha's origins only when reCAPTCHA is configured", async () => {
    const captcha = await createTestContext({ config: loadConfig({ RECAPTCHA_SECRET: "s", RECAPTCHA_SITE_KEY: "k" }) }, { distDir: dist });
    const policy = policyOf(await captcha.request("/login"));
    expect(policy["script-src"]).toContain("https://www.google.com");
    expect(policy["frame-src"]).toEqual(["https://www.google.com", "https://www.gstatic.com"]);
    await captcha.close();
  });
});
