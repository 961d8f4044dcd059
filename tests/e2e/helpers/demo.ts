import type { Browser, BrowserContext, Page } from "playwright-core";
import { VIETNAM_OFFSET_MS } from "../../../src/shared/time-zone.ts";
import { VIEWPORTS } from "./browser.ts";
import type { RunningServer } from "./server.ts";

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

/** Vietnam's calendar day `days` before now. */
const dayBefore = (days: number) => new Date(Date.now() + VIETNAM_OFFSET_MS - days * 86_400_000).toISOString().slice(0, 10);

/** The demo's crisis days (it starts 12 days before the seed and lasts two) as the dashboard's date filter. */
export const DEMO_CRISIS_DAYS = `start_date=${dayBefore(12)}&end_date=${dayBefore(10)}`;

/**
 * The demo account's signed-in browser state, logged in once through the login form with the password the server
 * printed; `onSignedIn` looks at the page the login lands on.
 */
export async function demoSession(
  suite: { server: RunningServer; browser: Browser },
  { viewport = "desktop", onSignedIn }: { viewport?: keyof typeof VIEWPORTS; onSignedIn?: (page: Page) => Promise<void> } = {},
): Promise<StorageState> {
  const password = /Demo account ready — username: demo\s+password: (\S+)/.exec(suite.server.output())![1];
  const context = await suite.browser.newContext({ viewport: VIEWPORTS[viewport] });
  const page = await context.newPage();
  await page.goto(`${suite.server.url}/login`);
  await page.fill('input[name="username"]', "demo");
  await page.fill('input[name="password"]', password);
  await page.click('button[type="submit"]');
  await page.waitForURL(`${suite.server.url}/overview`);
  await onSignedIn?.(page);
  const session = await context.storageState();
  await context.close();
  return session;
}
