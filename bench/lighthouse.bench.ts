import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { launchBrowser } from "../tests/e2e/helpers/browser.ts";
import { startServer, tempDataDir } from "../tests/e2e/helpers/server.ts";

// Lighthouse (mobile, simulated throttling) on the landing page in both languages, against the real server built
// for production. Goals: performance ≥ 98, accessibility ≥ 95, under 150 KB transferred, JavaScript only for the form.

const PAGES = ["/landingpage", "/en/landingpage"];
const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

type Summary = { resourceType: string; transferSize: number; requestCount: number };

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** What the contact form island costs once it scrolls into view (Lighthouse never scrolls, so it does not load it). */
async function formScriptBytes(url: string): Promise<number> {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ serviceWorkers: "block" });
    await page.goto(url);
    await page.getByTestId("contact-form").scrollIntoViewIfNeeded();
    await page.locator('[data-testid="contact-form"] button[type="submit"]:enabled').waitFor();
    return await page.evaluate(() =>
      (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
        .filter((entry) => entry.initiatorType === "script" || entry.name.endsWith(".js"))
        .reduce((sum, entry) => sum + entry.transferSize, 0),
    );
  } finally {
    await browser.close();
  }
}

export default async function lighthouseBench() {
  const server = await startServer({ DATA_DIR: tempDataDir() });
  const chrome = await launch({ chromePath: "/usr/bin/chromium", chromeFlags: CHROME_FLAGS });
  try {
    for (const path of PAGES) {
      const url = `${server.url}${path}`;
      await fetch(url);
      const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: CATEGORIES });
      if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
      const { categories, audits } = result.lhr;
      const scores = CATEGORIES.map((id) => `${id} ${Math.round((categories[id]?.score ?? 0) * 100)}`).join(", ");
      const summary = ((audits["resource-summary"].details as { items?: Summary[] } | undefined)?.items ?? []).filter(
        (row) => row.requestCount > 0,
      );
      const byType = summary
        .filter((row) => row.resourceType !== "total")
        .map((row) => `${row.resourceType} ${kb(row.transferSize)} (${row.requestCount})`);
      console.log(`${path}: ${scores}`);
      console.log(`  transferred ${kb(audits["total-byte-weight"].numericValue ?? 0)}: ${byType.join(", ")}`);
      console.log(
        `  FCP ${audits["first-contentful-paint"].displayValue}, LCP ${audits["largest-contentful-paint"].displayValue}, ` +
          `TBT ${audits["total-blocking-time"].displayValue}, CLS ${audits["cumulative-layout-shift"].displayValue}`,
      );
      const failed = Object.values(audits).filter(
        (audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode === "binary",
      );
      if (failed.length > 0) console.log(`  failed checks: ${failed.map((audit) => audit.id).join(", ")}`);
      console.log(`  contact form scripts, loaded when it scrolls into view: ${kb(await formScriptBytes(url))}`);
    }
  } finally {
    chrome.kill();
    await server.stop();
  }
}
