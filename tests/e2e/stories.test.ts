import type { BrowserContext, Locator, Page } from "playwright-core";
import { beforeAll, expect, test } from "vitest";
import { numberIn, screenshot, useServerAndBrowser, VIEWPORTS } from "./helpers/browser.ts";
import { DEMO_CRISIS_DAYS, demoSession } from "./helpers/demo.ts";

const suite = useServerAndBrowser({ SEED_DEMO: "auto", DEMO_DOCUMENTS: "3000" });
let session: Awaited<ReturnType<BrowserContext["storageState"]>>;

const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 20_000 });
const ready = (widget: Locator) => poll(() => widget.getAttribute("data-state")).toBe("ready");

beforeAll(async () => {
  session = await demoSession(suite);
});

async function withSession(viewport: keyof typeof VIEWPORTS, run: (page: Page) => Promise<void>): Promise<void> {
  const context = await suite.browser.newContext({ viewport: VIEWPORTS[viewport], storageState: session });
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

/** The crisis days of the demo, where its stories have the most copies. */
const CRISIS = `${DEMO_CRISIS_DAYS}&summary_sort=interact`;

test("the toggle groups the list by story: fewer items, each with its copies, opened on demand", async () => {
  await withSession("desktop", async (page) => {
    await page.goto(`${suite.server.url}/mention`);
    const list = page.getByTestId("mention-list");
    await ready(list);
    const mentions = await numberIn(page.getByTestId("mention-total"));
    await page.getByTestId("group-by-story").check();
    await page.waitForURL(/group=story/);
    await poll(() => list.getAttribute("data-grouped")).toBe("story");
    await ready(list);
    const stories = await numberIn(page.getByTestId("mention-total"));
    expect(stories).toBeGreaterThan(0);
    expect(stories).toBeLessThan(mentions);
    await expect.poll(() => page.getByTestId("story-item").count()).toBe(Math.min(20, stories));

    const story = page.locator('[data-testid="story-item"]:has([data-testid="story-expand"])').first();
    const copies = Number(await story.getAttribute("data-copies"));
    expect(copies).toBeGreaterThan(1);
    await story.getByTestId("story-expand").click();
    const opened = story.getByTestId("story-copies").getByTestId("mention-item");
    await poll(() => opened.count()).toBe(Math.min(copies - 1, 19));
    await screenshot(page, "mention-stories-open-vi-1280");
  });
});

test("correct once, fix the story: the offer applies the change to the story's other mentions, and undoes it", async () => {
  await withSession("desktop", async (page) => {
    await page.goto(`${suite.server.url}/mention?${CRISIS}&group=story`);
    const list = page.getByTestId("mention-list");
    await ready(list);
    await screenshot(page, "mention-stories-vi-1280");
    const story = page.getByTestId("story-item").first();
    expect(Number(await story.getAttribute("data-copies"))).toBeGreaterThan(5);
    const select = story.getByTestId("sentiment-select").first();
    // The crisis is negative: the correction a user would make (or neutral, where the system already said negative).
    const next = (await select.inputValue()) === "2" ? "0" : "2";
    await select.selectOption(next);
    const offer = story.getByTestId("story-offer");
    await poll(() => offer.getAttribute("data-state")).toBe("offered");
    expect(await offer.textContent()).toMatch(/Áp dụng cho \d+ đề cập khác của câu chuyện này/);
    await screenshot(page, "mention-story-offer-vi-1280");

    await story.getByTestId("story-apply").click();
    await poll(() => offer.getAttribute("data-state")).toBe("applied");
    await story.getByTestId("story-expand").click();
    const copies = story.getByTestId("story-copies").getByTestId("sentiment-select");
    await poll(() => copies.count()).toBeGreaterThan(0);
    await poll(async () => new Set(await copies.evaluateAll((els) => els.map((el) => (el as HTMLSelectElement).value)))).toEqual(
      new Set([next]),
    );

    await story.getByTestId("story-undo").click();
    await page.getByTestId("toast-success").filter({ hasText: "Đã hoàn tác" }).waitFor();
    await poll(async () =>
      (await copies.evaluateAll((els) => els.map((el) => (el as HTMLSelectElement).value))).some((value) => value !== next),
    ).toBe(true);
  });
});

test("on a phone and in English: the grouped list fits the screen", async () => {
  for (const [lang, prefix] of [
    ["vi", ""],
    ["en", "/en"],
  ] as const) {
    for (const viewport of ["mobile", "desktop"] as const) {
      await withSession(viewport, async (page) => {
        await page.goto(`${suite.server.url}${prefix}/mention?${CRISIS}&group=story`);
        await ready(page.getByTestId("mention-list"));
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS[viewport].width);
        if (lang === "en") expect(await page.getByTestId("mention-total").textContent()).toMatch(/stories/);
        await screenshot(page, `mention-stories-${lang}-${VIEWPORTS[viewport].width}`);
      });
    }
  }
});

test("the overview's latest and hot cards show a story once, with how many similar mentions", async () => {
  await withSession("desktop", async (page) => {
    await page.goto(`${suite.server.url}/overview?${CRISIS}`);
    const hot = page.getByTestId("widget-hot");
    await ready(hot);
    await poll(() => hot.getByTestId("story-similar").count()).toBeGreaterThan(0);
    await screenshot(page, "overview-stories-vi-1280");
  });
});
