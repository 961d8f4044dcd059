import type { Page } from "playwright-core";
import { beforeAll } from "vitest";
import { createAccount } from "./accounts.ts";
import { skipUpgradeSuggestion, useServerAndBrowser, VIEWPORTS } from "./browser.ts";

export const LANGS = [
  ["vi", ""],
  ["en", "/en"],
] as const;
export const WIDTHS = [
  ["desktop", 1280],
  ["mobile", 390],
] as const;
/** Every language at every width: [lang, width, path prefix, viewport]. */
export const EVERY_SCREEN = LANGS.flatMap(([lang, prefix]) => WIDTHS.map(([viewport, width]) => [lang, width, prefix, viewport] as const));

/**
 * A suite's server (its environment read when it starts, so a hook before may still fill it in) with a fresh account and
 * its brand project, and a way to open a page of the account logged in.
 */
export function connectionsSuite(env: Record<string, string>, project: { name: string; keywords: string[] }) {
  const suite = useServerAndBrowser(env);
  let customer: Awaited<ReturnType<typeof createAccount>>;
  beforeAll(async () => {
    customer = await createAccount(suite.server.url, suite.dataDir);
    await fetch(`${suite.server.url}/api/project`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${customer.token}` },
      body: JSON.stringify({ brand_id: 0, ...project, competitors: [], unlimited: true }),
    });
  });
  const logIn = async (viewport: keyof typeof VIEWPORTS, path: string): Promise<Page> => {
    const context = await suite.browser.newContext({ viewport: VIEWPORTS[viewport] });
    await skipUpgradeSuggestion(context);
    const page = await context.newPage();
    await page.goto(`${suite.server.url}${path}`);
    await page.fill('input[name="username"]', customer.account.username);
    await page.fill('input[name="password"]', customer.account.password);
    await page.click('button[type="submit"]');
    await page.waitForURL(`${suite.server.url}${path}`);
    // The login toast would cover a corner of the screenshots: let it come and go first.
    const toast = page.getByTestId("toast-success");
    await toast.waitFor();
    await toast.waitFor({ state: "detached" });
    return page;
  };
  return { suite, logIn };
}

/** The page is no wider than its window: nothing cut at 390 px. */
export const overflows = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
