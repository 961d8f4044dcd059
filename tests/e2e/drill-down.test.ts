import type { BrowserContext, Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { VIETNAM_OFFSET_MS } from "../../src/shared/time-zone.ts";
import { TIME_FILTER_PRESETS } from "../../src/stores/filter-params.ts";
import { inContext, numberIn, screenshot, useServerAndBrowser, VIEWPORTS } from "./helpers/browser.ts";
import { demoSession } from "./helpers/demo.ts";

// Every overview widget opens the mention list filtered to what it counted; the list's total is the widget's number.
const suite = useServerAndBrowser({ SEED_DEMO: "auto", DEMO_DOCUMENTS: "3000" });
let session: Awaited<ReturnType<BrowserContext["storageState"]>>;

beforeAll(async () => {
  session = await demoSession(suite);
});

const withPage = (viewport: keyof typeof VIEWPORTS, run: (page: Page) => Promise<void>) =>
  inContext(suite.browser, { viewport: VIEWPORTS[viewport], storageState: session, skipUpgrade: true }, run);

const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 20_000 });
const ready = (widget: Locator) => poll(() => widget.getAttribute("data-state")).toBe("ready");

async function openOverview(page: Page, path = "/overview"): Promise<void> {
  await page.goto(`${suite.server.url}${path}`);
  for (const widget of ["trend", "sentiment-trend", "sentiment", "channels", "latest", "hot", "sources"]) {
    await ready(page.getByTestId(`widget-${widget}`));
  }
}

/** Follows a widget's link and reads the mention list's total once the list has loaded for that link. */
async function listTotalAfter(page: Page, link: Locator): Promise<number> {
  await link.click();
  await page.waitForURL((url) => url.pathname.endsWith("/mention"));
  await ready(page.getByTestId("mention-list"));
  return numberIn(page.getByTestId("mention-total"));
}

/** Opens the overview, reads a widget's number and follows its link: the list's total must be that number. */
async function drill(read: (page: Page) => Promise<{ count: number; link: Locator }>, after?: (page: Page) => Promise<void>) {
  await withPage("desktop", async (page) => {
    await openOverview(page);
    const { count, link } = await read(page);
    expect(count).toBeGreaterThan(0);
    expect(await listTotalAfter(page, link)).toBe(count);
    await after?.(page);
  });
}

test("a channel bar opens its channel's mentions", async () => {
  await drill(async (page) => {
    const bar = page.locator('[data-testid="widget-channels"] li[data-channel]').first();
    return { count: Number(await bar.getAttribute("data-mentions")), link: bar.locator("a") };
  });
});

test("a sentiment slice and the brand's share-of-voice slice open their mentions", async () => {
  await drill(async (page) => {
    const negative = page.locator('[data-testid="widget-sentiment"] [data-testid="donut-legend-item"][data-key="2"]');
    return { count: await numberIn(negative.getByTestId("donut-value")), link: negative.locator("a") };
  });
  await drill(async (page) => {
    const brand = page.locator('[data-testid="widget-sov"] [data-testid="donut-legend-item"]').first();
    return { count: await numberIn(brand.getByTestId("donut-value")), link: brand.locator("a") };
  });
});

test("a top source opens its mentions, named in a chip", async () => {
  await drill(
    async (page) => {
      const source = page.locator('[data-testid="widget-sources"] [data-testid="source-mentions"] a').first();
      return { count: await numberIn(source), link: source };
    },
    async (page) => {
      expect(await page.locator('[data-testid="drill-chips"] [data-chip="source"]').count()).toBe(1);
      await screenshot(page, "drill-source-vi-1280");
    },
  );
});

test("a word of the keyword cloud opens the mentions holding it, as many as its number", async () => {
  await drill(async (page) => {
    await ready(page.getByTestId("widget-words"));
    const word = page.locator('[data-testid="widget-words"] [data-testid="word-cloud"] li').first();
    return { count: Number(await word.getAttribute("data-count")), link: word.locator("a") };
  });
});

test("a story pill opens the story's mentions", async () => {
  await drill(
    async (page) => {
      const pill = page.locator('[data-testid="story-similar"]').first();
      return { count: Number(await pill.getAttribute("data-copies")), link: pill };
    },
    async (page) => expect(await page.locator('[data-testid="drill-chips"] [data-chip="story_id"]').count()).toBe(1),
  );
});

test("a crisis's count, in the crisis list and on its page, opens its mentions, named in a chip", async () => {
  await withPage("desktop", async (page) => {
    await page.goto(`${suite.server.url}/crisis-management`);
    const listed = page.locator('[data-testid="incident-mentions-link"]:visible').first();
    await poll(() => listed.count()).toBe(1);
    const count = await numberIn(listed);
    expect(count).toBeGreaterThan(0);
    expect(await listTotalAfter(page, listed)).toBe(count);
    const chip = page.locator('[data-testid="drill-chips"] [data-chip="incident_id"]');
    await poll(() => chip.textContent()).toMatch(/^Sự cố: [^#]/);
    const id = new URL(page.url()).searchParams.get("incident_id");
    await page.goto(`${suite.server.url}/crisis-management/${id}`);
    const scope = page.getByTestId("incident-scope");
    await poll(() => scope.count()).toBe(1);
    expect(Number(await scope.getAttribute("data-count"))).toBe(count);
    expect(await listTotalAfter(page, scope.getByTestId("incident-mentions-link"))).toBe(count);
  });
});

/**
 * A click on the chart chooses a bucket; the legend then links its values. The demo's newest hours may hold no
 * mentions yet, so from the clicked bucket the arrow key walks to older ones until one has mentions.
 */
async function chartPoint(page: Page, chart: string) {
  const widget = page.getByTestId(chart);
  const over = widget.locator(".u-over");
  const box = (await over.boundingBox())!;
  await over.click({ position: { x: box.width - 4, y: box.height / 2 } });
  await page.mouse.move(0, 0);
  const point = widget.getByTestId("chart-point-link").first();
  await poll(() => point.count()).toBe(1);
  const slider = widget.getByRole("slider");
  for (let chosen = Number(await slider.getAttribute("aria-valuenow")); chosen > 0; chosen--) {
    const count = await numberIn(point);
    if (count > 0) break;
    await slider.press("ArrowLeft");
    await poll(() => slider.getAttribute("aria-valuenow")).toBe(String(chosen - 1));
  }
  return { count: await numberIn(point), link: point };
}

test("a point of the mention trend opens that bucket's mentions", async () => {
  await drill((page) => chartPoint(page, "widget-trend"));
});

test("a point of the sentiment trend opens that bucket's mentions; removing its chip widens the list", async () => {
  await drill(
    (page) => chartPoint(page, "widget-sentiment-trend"),
    async (page) => {
      expect(new URL(page.url()).searchParams.get("bucket")).not.toBeNull();
      expect(await page.locator('[data-testid="drill-chips"] [data-chip="bucket"]').count()).toBe(1);
      await screenshot(page, "drill-bucket-vi-1280");
      const narrowed = await numberIn(page.getByTestId("mention-total"));
      await page.locator('[data-chip="bucket"] button').click();
      await poll(() => numberIn(page.getByTestId("mention-total"))).toBeGreaterThan(narrowed);
      expect(new URL(page.url()).searchParams.get("bucket")).toBeNull();
    },
  );
});

test("the keyboard reaches a chart point's mentions", async () => {
  await withPage("desktop", async (page) => {
    await openOverview(page);
    const widget = page.getByTestId("widget-sentiment-trend");
    await widget.getByRole("slider").focus();
    await page.keyboard.press("ArrowLeft");
    const point = widget.getByTestId("chart-point-link").first();
    await poll(() => point.count()).toBe(1);
    await point.focus();
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.searchParams.has("bucket"));
  });
});

const TIME_FILTER_CASES = [
  { lang: "vi", prefix: "", threeMonths: "3 tháng qua", custom: "Tùy chọn ngày" },
  { lang: "en", prefix: "/en", threeMonths: "Last 3 months", custom: "Custom dates" },
].flatMap((c) => (["desktop", "mobile"] as const).map((viewport) => ({ ...c, viewport })));

type Box = { x: number; y: number; width: number; height: number };
const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x &&
  inner.y >= outer.y &&
  inner.x + inner.width <= outer.x + outer.width &&
  inner.y + inner.height <= outer.y + outer.height;

test.each(TIME_FILTER_CASES)(
  "every period of the time filter is in view when it opens ($lang, $viewport), and the last 3 months list older mentions",
  async ({ lang, prefix, threeMonths, custom, viewport }) => {
    await withPage(viewport, async (page) => {
      await page.goto(`${suite.server.url}${prefix}/mention`);
      await ready(page.getByTestId("mention-list"));
      const lastMonth = await numberIn(page.getByTestId("mention-total"));
      if (viewport === "mobile") await page.getByTestId("open-filters").click();
      await page.locator("#filter-time").click();
      const list = page.getByRole("listbox");
      // Nothing below the list's fold: every period shows, inside the list and the page, without scrolling.
      expect(await list.evaluate((el) => el.scrollHeight <= el.clientHeight)).toBe(true);
      const listBox = (await list.boundingBox())!;
      const screen = { x: 0, y: 0, ...VIEWPORTS[viewport] };
      const options = list.getByRole("option");
      expect(await options.count()).toBe(TIME_FILTER_PRESETS.length);
      for (const option of await options.all()) {
        const box = (await option.boundingBox())!;
        expect(inside(box, listBox) && inside(box, screen), (await option.textContent())!).toBe(true);
      }
      for (const name of [threeMonths, custom]) expect(await list.getByRole("option", { name, exact: true }).count()).toBe(1);
      await screenshot(page, `time-filter-${lang}-${viewport}`);

      await list.getByRole("option", { name: threeMonths, exact: true }).click();
      await poll(async () => new URL(page.url()).searchParams.get("type_time")).toBe("3-months-ago");
      await poll(() => numberIn(page.getByTestId("mention-total"))).toBeGreaterThan(lastMonth);
    });
  },
);

const vnDay = (daysBack: number) => new Date(Date.now() + VIETNAM_OFFSET_MS - daysBack * 86_400_000).toISOString().slice(0, 10);

test("the mention list can be set to a custom range 80 days back and shows those mentions", async () => {
  await withPage("desktop", async (page) => {
    await page.goto(`${suite.server.url}/mention`);
    await ready(page.getByTestId("mention-list"));
    await page.locator("#filter-time").click();
    await page.getByRole("option", { name: "Tùy chọn ngày", exact: true }).click();
    await page.fill('input[name="start_date"]', vnDay(84));
    await page.fill('input[name="end_date"]', vnDay(80));
    await poll(async () => new URL(page.url()).searchParams.get("start_date")).toBe(vnDay(84));
    await poll(async () => new URL(page.url()).searchParams.get("end_date")).toBe(vnDay(80));
    await ready(page.getByTestId("mention-list"));
    expect(await numberIn(page.getByTestId("mention-total"))).toBeGreaterThan(0);
    const times = await page
      .locator('[data-testid="mention-list"] time')
      .evaluateAll((items) => items.map((t) => t.getAttribute("datetime")));
    expect(times.length).toBeGreaterThan(0);
    for (const time of times) {
      const day = new Date(new Date(time!).getTime() + VIETNAM_OFFSET_MS).toISOString().slice(0, 10);
      expect(day >= vnDay(84) && day <= vnDay(80)).toBe(true);
    }
  });
});

test.each(["desktop", "mobile"] as const)(
  "a province's mentions open the list of its authors' mentions, named in a chip (%s)",
  async (viewport) => {
    await withPage(viewport, async (page) => {
      await page.goto(`${suite.server.url}/audience`);
      const widget = page.getByTestId("widget-provinces");
      await ready(widget);
      // The demo's audience is its own mentions' authors (not the trial sample): each province's mentions are a link.
      const row = widget.locator('[data-testid="province-list"] li').first();
      const link = row.getByTestId("province-mentions-link");
      const listed = Number(await link.getAttribute("data-listed"));
      expect(listed).toBeGreaterThan(0);
      expect(await numberIn(link)).toBe(listed);
      const name = (await row.locator("button").textContent())!;
      const code = await row.getAttribute("data-province");
      expect(await link.getAttribute("aria-label")).toBe(`Xem ${await link.textContent()} đề cập ở ${name}`);
      // The keyboard reaches it from the province's row, and selecting the row puts the same link in the map's detail line.
      await row.locator("button").focus();
      await page.keyboard.press("Enter");
      await page.keyboard.press("Tab");
      expect(await link.evaluate((element) => element === document.activeElement)).toBe(true);
      const detail = widget.getByTestId("province-detail-link");
      expect(await detail.getAttribute("href")).toBe(await link.getAttribute("href"));
      expect(await detail.textContent()).toBe(await link.getAttribute("aria-label"));
      await screenshot(page, `drill-provinces-vi-${VIEWPORTS[viewport].width}`);

      expect(await listTotalAfter(page, link)).toBe(listed);
      expect(new URL(page.url()).searchParams.get("province")).toBe(code);
      expect(await page.locator('[data-testid="drill-chips"] [data-chip="province"]').textContent()).toContain(name);
      await screenshot(page, `drill-province-list-vi-${VIEWPORTS[viewport].width}`);
    });
  },
);

describe.each([
  ["desktop", ""],
  ["desktop", "/en"],
  ["mobile", ""],
  ["mobile", "/en"],
] as const)("screens with drill-down links and chips (%s, %s)", (viewport, prefix) => {
  test("overview, the list it opens, audience", async () => {
    await withPage(viewport, async (page) => {
      const name = `${prefix ? "en" : "vi"}-${VIEWPORTS[viewport].width}`;
      await openOverview(page, `${prefix}/overview`);
      await screenshot(page, `drill-overview-${name}`);
      const source = page.locator('[data-testid="widget-sources"] [data-testid="source-mentions"] a').first();
      const sourceCount = await numberIn(source);
      expect(await listTotalAfter(page, source)).toBe(sourceCount);
      await screenshot(page, `drill-mention-${name}`);
      await page.goto(`${suite.server.url}${prefix}/crisis-management`);
      const crisis = page.locator('[data-testid="incident-mentions-link"]:visible').first();
      await poll(() => crisis.count()).toBe(1);
      const crisisCount = await numberIn(crisis);
      expect(await listTotalAfter(page, crisis)).toBe(crisisCount);
      await poll(() => page.locator('[data-chip="incident_id"]').textContent()).not.toContain("#");
      await screenshot(page, `drill-crisis-${name}`);
      await page.goto(`${suite.server.url}${prefix}/audience`);
      await poll(() => page.getByTestId("audience-period-note").count()).toBe(1);
      // The demo's audience is its own mentions' authors (not the trial sample): an author's number opens their mentions.
      await ready(page.getByTestId("widget-top-authors"));
      const author = page.locator('[data-testid="author-mentions-link"]:visible').first();
      await poll(() => author.count()).toBe(1);
      const listed = Number(await author.getAttribute("data-listed"));
      expect(listed).toBeGreaterThan(0);
      await screenshot(page, `drill-audience-${name}`);
      expect(await listTotalAfter(page, author)).toBe(listed);
      expect(await page.locator('[data-testid="drill-chips"] [data-chip="author_id"]').count()).toBe(1);
      await screenshot(page, `drill-author-${name}`);
    });
  });
});
