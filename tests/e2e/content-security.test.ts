import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { createAccount } from "./helpers/accounts.ts";
import { skipUpgradeSuggestion, useServerAndBrowser } from "./helpers/browser.ts";

const suite = useServerAndBrowser();

/** Every Content-Security-Policy violation the page reports, as "directive blocked-uri". */
async function collectViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction("reportViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { reportViolation(text: string): void }).reportViolation(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

/** A first project, so the overview shows its dashboard instead of sending the account to onboarding. */
async function createProject(token: string): Promise<void> {
  const call = (path: string, init: RequestInit = {}) =>
    fetch(`${suite.server.url}/api${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    }).then((r) => r.json());
  const brandIds = Object.keys((await call("/get-brands")).data as Record<string, string>);
  const created = await call("/project", {
    method: "POST",
    body: JSON.stringify({ brand_id: Number(brandIds[0]), name: "Trà Xanh", keywords: ["trà xanh"], competitors: [] }),
  });
  expect(created.code).toBe(200);
}

test("the built pages run under their Content-Security-Policy without a single violation, eval included", async () => {
  const { token } = await createAccount(suite.server.url, suite.dataDir);
  await createProject(token);
  const context = await suite.browser.newContext();
  await skipUpgradeSuggestion(context);
  await context.addCookies([{ name: "accessToken", value: token, url: suite.server.url }]);
  const page = await context.newPage();
  const violations = await collectViolations(page);
  for (const path of ["/landingpage", "/en/landingpage", "/login", "/en/login", "/overview", "/en/overview", "/account-setting/account"]) {
    await page.goto(`${suite.server.url}${path}`);
    await page.waitForLoadState("networkidle");
  }
  await page.goto(`${suite.server.url}/landingpage`);
  await page.getByTestId("contact-form").scrollIntoViewIfNeeded();
  await expect.poll(() => page.getByTestId("contact-form").locator('button[type="submit"]').isEnabled()).toBe(true);
  expect(violations).toEqual([]);
  await context.close();
});

test("another site cannot show the login page in a frame", async () => {
  const page = await suite.browser.newPage();
  await page.setContent(`<iframe id="embed" src="${suite.server.url}/login" width="800" height="600"></iframe>`);
  const frame = await (await page.waitForSelector("#embed")).contentFrame();
  await page.waitForLoadState("load");
  // Chromium replaces a frame the policy refused with its own error page.
  expect(frame?.url()).not.toContain(suite.server.url);
  await page.close();
});
