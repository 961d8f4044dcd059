import { join } from "node:path";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { beforeAll, expect, test } from "vitest";
import { SCREENSHOT_DIR, useServerAndBrowser, VIEWPORTS } from "./helpers/browser.ts";
import { DEMO_CRISIS_DAYS, demoSession } from "./helpers/demo.ts";

const suite = useServerAndBrowser({ SEED_DEMO: "auto", DEMO_DOCUMENTS: "3000" });
let session: Awaited<ReturnType<BrowserContext["storageState"]>>;

const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 20_000 });
const LABELS = {
  vi: { read: /^Đọc là (tiêu cực|tích cực|trung lập) \(\d+\.\d{2}%\)/, names: { 0: "trung lập", 1: "tích cực", 2: "tiêu cực" } },
  en: { read: /^Read as (negative|positive|neutral) \(\d+\.\d{2}%\)/, names: { 0: "neutral", 1: "positive", 2: "negative" } },
} as const;

beforeAll(async () => {
  session = await demoSession(suite);
});

async function withSession(viewport: keyof typeof VIEWPORTS, run: (page: Page) => Promise<void>): Promise<void> {
  const phone = viewport === "mobile";
  const context = await suite.browser.newContext({
    viewport: VIEWPORTS[viewport],
    storageState: session,
    hasTouch: phone,
    isMobile: phone,
  });
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

/** The first negative card of the overview's hot mentions over the crisis days, once its widget has loaded. */
async function hotCard(page: Page, lang: "vi" | "en"): Promise<Locator> {
  await page.goto(`${suite.server.url}${lang === "en" ? "/en" : ""}/overview?${DEMO_CRISIS_DAYS}`);
  const widget = page.getByTestId("widget-hot");
  await poll(() => widget.getAttribute("data-state")).toBe("ready");
  return widget.locator('[data-testid="mention-card"]:has([data-sentiment="2"])').first();
}

/** The card and its open panel, with some room around them. */
async function shoot(page: Page, card: Locator, panel: Locator, name: string): Promise<void> {
  const [a, b] = [(await card.boundingBox())!, (await panel.boundingBox())!];
  const x = Math.max(0, Math.min(a.x, b.x) - 12);
  const y = Math.max(0, Math.min(a.y, b.y) - 12);
  const width = Math.min(page.viewportSize()!.width - x, Math.max(a.x + a.width, b.x + b.width) + 12 - x);
  const height = Math.max(a.y + a.height, b.y + b.height) + 12 - y;
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), clip: { x, y, width, height }, animations: "disabled" });
}

for (const lang of ["vi", "en"] as const) {
  test(`${lang}: hovering a mention card's sentiment chip tells why the model read it so, in its words`, async () => {
    await withSession("desktop", async (page) => {
      const card = await hotCard(page, lang);
      const chip = card.getByTestId("sentiment-reasons-button");
      const sentiment = Number(await chip.locator("[data-sentiment]").getAttribute("data-sentiment")) as 0 | 1 | 2;
      const answered = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/mention/sentiment-reasons");
      await chip.hover();
      expect((await answered).status()).toBe(200);
      const panel = card.getByTestId("sentiment-reasons");
      await poll(() => panel.locator("q").count()).toBeGreaterThan(0);
      const text = (await panel.textContent())!;
      expect(text).toMatch(LABELS[lang].read);
      // The demo's mentions were read by the model and nobody edited them: the reasons read what the chip shows.
      expect(text).toContain(LABELS[lang].names[sentiment]);
      expect(await chip.getAttribute("aria-describedby")).toBe(await panel.getAttribute("id"));
      await shoot(page, card, panel, `sentiment-reasons-${lang}-1280`);

      // Loaded once: leaving and coming back asks nothing more.
      let asked = 0;
      page.on("request", (r) => {
        if (r.url().includes("/api/mention/sentiment-reasons")) asked += 1;
      });
      await page.mouse.move(0, 0);
      await poll(() => panel.count()).toBe(0);
      await chip.hover();
      await poll(() => panel.locator("q").count()).toBeGreaterThan(0);
      await page.keyboard.press("Escape");
      await poll(() => panel.count()).toBe(0);
      expect(asked).toBe(0);
    });
  });

  test(`${lang}: on a phone, a tap on the chip opens the reasons and a tap elsewhere closes them`, async () => {
    await withSession("mobile", async (page) => {
      const card = await hotCard(page, lang);
      await card.getByTestId("sentiment-reasons-button").tap();
      const panel = card.getByTestId("sentiment-reasons");
      await poll(() => panel.locator("q").count()).toBeGreaterThan(0);
      expect(await panel.textContent()).toMatch(LABELS[lang].read);
      const box = (await panel.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
      await shoot(page, card, panel, `sentiment-reasons-${lang}-390`);
      await page.getByTestId("widget-hot").locator("h2").tap();
      await poll(() => panel.count()).toBe(0);
    });
  });
}

test("in the mention list, the button beside the sentiment is reached by keyboard and closed with Escape", async () => {
  await withSession("desktop", async (page) => {
    await page.goto(`${suite.server.url}/mention?${DEMO_CRISIS_DAYS}`);
    await poll(() => page.getByTestId("mention-list").getAttribute("data-state")).toBe("ready");
    const item = page.getByTestId("mention-item").first();
    await item.getByTestId("sentiment-select").focus();
    await page.keyboard.press("Tab");
    const button = item.getByTestId("sentiment-reasons-button");
    await poll(() => button.evaluate((el) => el === document.activeElement)).toBe(true);
    const panel = item.getByTestId("sentiment-reasons");
    await poll(async () => (await panel.textContent()) ?? "").toMatch(LABELS.vi.read);
    const box = (await panel.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(VIEWPORTS.desktop.width);
    await shoot(page, item, panel, "sentiment-reasons-list-vi-1280");
    await page.keyboard.press("Escape");
    await poll(() => panel.count()).toBe(0);
  });
});

const STARS = {
  vi: /Đã tính cả [1-5] sao người viết chấm; riêng lời văn đọc là (tiêu cực|tích cực|trung lập) \(\d+\.\d{2}%\)\./,
  en: /The writer's [1-5] stars? (is|are) counted too; the words alone read (negative|positive|neutral) \(\d+\.\d{2}%\)\./,
} as const;

for (const [lang, viewport] of [
  ["vi", "desktop"],
  ["en", "mobile"],
] as const) {
  test(`${lang}, ${viewport}: an app review's reasons name its stars beside what its words alone read, read as a customer's`, async () => {
    await withSession(viewport, async (page) => {
      await page.goto(`${suite.server.url}${lang === "en" ? "/en" : ""}/mention?channel_ids=8`);
      await poll(() => page.getByTestId("mention-list").getAttribute("data-state")).toBe("ready");
      const item = page.getByTestId("mention-item").first();
      const button = item.getByTestId("sentiment-reasons-button");
      if (viewport === "mobile") await button.tap();
      else await button.click();
      const panel = item.getByTestId("sentiment-reasons");
      await poll(async () => (await panel.textContent()) ?? "").toMatch(STARS[lang]);
      const box = (await panel.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(VIEWPORTS[viewport].width);
      expect(await panel.textContent()).toContain(lang === "vi" ? "Đọc như lời của khách hàng" : "Read as a customer's own words");
      await shoot(page, item, panel, `sentiment-reasons-stars-${lang}-${viewport === "mobile" ? 390 : 1280}`);
    });
  });
}
