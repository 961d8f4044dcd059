import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { createAccount } from "./helpers/accounts.ts";
import { skipUpgradeSuggestion, useServerAndBrowser } from "./helpers/browser.ts";

const suite = useServerAndBrowser();

/** Every Content-Security-Policy violation the page reports, as "directive blocked-uri". */
async function collectViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  // arktype probes `new Function` once to pick its fast mode and falls back to interpreting when the policy refuses.
  const arktypeProbe = (text: string) => /^script-src(-elem)? eval$/.test(text) || /unsafe-eval/.test(text);
  await page.exposeFunction("reportViolation", (text: string) => !arktypeProbe(text) && violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { reportViolation(text: string): void }).reportViolation(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/i.test(message.text()) && !arktypeProbe(message.text()))
      violations.push(message.text());
  });
  return violations;
}

test("the built pages run under their Content-Security-Policy without a single violation", async () => {
  const { token } = await createAccount(suite.server.url, suite.dataDir);
  const context = await suite.browser.newContext();
  await skipUpgradeSuggestion(context);
  await context.addCookies([{ name: "accessToken", value: token, url: suite.server.url }]);
  const page = await context.newPage();
  const violations = await collectViolations(page);
  for (const path of ["/landingpage", "/en/landingpage", "/login", "/onboarding", "/account-setting/account"]) {
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
