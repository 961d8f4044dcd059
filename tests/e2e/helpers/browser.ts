import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { UPGRADE_SUGGESTION_DISMISSED_KEY } from "../../../src/shared/account.ts";
import { ROOT, startServer, tempDataDir, type RunningServer } from "./server.ts";

export const SCREENSHOT_DIR = join(ROOT, "tests/e2e/screenshots");

/** Debian's Chromium, never a downloaded one, with a fresh profile; the flags keep it off the (closed) network. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-quic",
      "--no-first-run",
    ],
  });
}

export const VIEWPORTS = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } } as const;

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true, animations: "disabled" });
}

/** A page of a fresh browser context, closed once `run` is over, whatever happened. */
export async function inContext(
  browser: Browser,
  options: BrowserContextOptions & { skipUpgrade?: boolean },
  run: (page: Page) => Promise<void>,
): Promise<void> {
  const { skipUpgrade, ...contextOptions } = options;
  const context = await browser.newContext(contextOptions);
  if (skipUpgrade) await skipUpgradeSuggestion(context);
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

/** The number a widget or a total shows, its digit grouping and words left out. */
export const numberIn = async (locator: Locator) => Number((await locator.textContent())!.replace(/[^\d]/g, ""));

/** Trial accounts are offered the upgrade in a dialog on dashboard pages; tests about other screens answer "later" up front. */
export async function skipUpgradeSuggestion(context: BrowserContext): Promise<void> {
  await context.addInitScript((key) => sessionStorage.setItem(key, "1"), UPGRADE_SUGGESTION_DISMISSED_KEY);
}

/** A server on a fresh data directory and a browser, started before the tests of a file and stopped after them. */
export function useServerAndBrowser(env: Record<string, string> = {}) {
  const suite = { dataDir: tempDataDir() } as { dataDir: string; server: RunningServer; browser: Browser };
  beforeAll(async () => {
    suite.server = await startServer({ DATA_DIR: suite.dataDir, ...env });
    suite.browser = await launchBrowser();
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.stop();
  });
  return suite;
}
