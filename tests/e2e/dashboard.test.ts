import { readFileSync } from "node:fs";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { beforeAll, expect, test } from "vitest";
import * as XLSX from "xlsx";
import { inContext, numberIn, screenshot, useServerAndBrowser, VIEWPORTS } from "./helpers/browser.ts";

const suite = useServerAndBrowser({ SEED_DEMO: "auto", DEMO_DOCUMENTS: "3000" });
let password: string;
/** Cookies of the session opened through the login form, reused by the later tests. */
let session: Awaited<ReturnType<BrowserContext["storageState"]>>;

const OVERVIEW_WIDGETS = ["stats", "trend", "sov", "sentiment-trend", "sentiment", "channels", "words", "latest", "hot", "sources"];

beforeAll(() => {
  password = /Demo account ready — username: demo\s+password: (\S+)/.exec(suite.server.output())![1];
});

const withSession = (viewport: keyof typeof VIEWPORTS, run: (page: Page) => Promise<void>) =>
  inContext(suite.browser, { viewport: VIEWPORTS[viewport], storageState: session, acceptDownloads: true }, run);

/** Pages load their data after the session start-up; allow for a slow machine. */
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 20_000 });
const ready = (widget: Locator) => poll(() => widget.getAttribute("data-state")).toBe("ready");
const counter = (page: Page, key: string) =>
  page.locator(`[data-testid="widget-stats"] [data-counter="${key}"] [data-testid="counter-value"]`);
const listTotal = (page: Page) => numberIn(page.getByTestId("mention-total"));

async function waitForOverview(page: Page): Promise<void> {
  for (const widget of OVERVIEW_WIDGETS) await ready(page.getByTestId(`widget-${widget}`));
}

async function waitForList(page: Page): Promise<void> {
  await ready(page.getByTestId("mention-list"));
  await poll(() => page.getByTestId("mention-stats").getAttribute("data-state")).toBe("ready");
}

/** Runs a step that reloads data and waits for the answer of `apiPath`, so no figure is read from before the step. */
async function reloading(page: Page, apiPath: string, step: () => Promise<unknown>): Promise<void> {
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === apiPath);
  await step();
  await answered;
}

async function chooseOption(page: Page, dropdownId: string, label: string): Promise<void> {
  await page.locator(`#${dropdownId}`).click();
  await page.getByRole("option", { name: label, exact: true }).click();
}

test("login through the form, then the overview shows every widget with data", async () => {
  const context = await suite.browser.newContext({ viewport: VIEWPORTS.desktop });
  const page = await context.newPage();
  await page.goto(`${suite.server.url}/login`);
  await page.fill('input[name="username"]', "demo");
  await page.fill('input[name="password"]', password);
  await page.click('button[type="submit"]');
  await page.waitForURL(`${suite.server.url}/overview`);
  session = await context.storageState();

  await waitForOverview(page);
  await ready(page.getByTestId("compare-figures"));
  expect(await page.textContent("h1")).toBe("Tổng quan");
  expect(await numberIn(counter(page, "total_mention"))).toBeGreaterThan(0);
  expect(await page.locator('[data-testid="widget-stats"] [data-counter]').count()).toBe(7);
  expect(await page.locator('[data-testid="time-series-chart"] canvas').count()).toBe(2);

  // Share of voice: the brand and both competitors, shares summing to exactly 100 %.
  const legend = page.getByTestId("widget-sov").getByTestId("donut-legend-item");
  expect(await legend.locator("span[title]").allTextContents()).toEqual(["Sữa Mộc Lan", "Đồng Xanh", "NutriViệt"]);
  const shares = await legend.evaluateAll((items) => items.map((item) => Number(item.getAttribute("data-share"))));
  expect(shares.reduce((a, b) => a + b, 0)).toBeCloseTo(100, 5);

  expect(await page.locator('[data-testid="widget-channels"] li[data-channel]').count()).toBeGreaterThan(3);
  expect(await page.locator('[data-testid="word-cloud"] li').count()).toBeGreaterThan(10);
  expect(await page.getByTestId("widget-latest").getByTestId("mention-card").count()).toBe(5);
  const hot = page.getByTestId("widget-hot").getByTestId("mention-card");
  expect(await hot.count()).toBe(5);
  // Demo mentions are samples with no original to open; every link out of the page hands nothing over.
  expect(await hot.first().getByTestId("mention-sample").count()).toBe(1);
  const rels = await page.locator('a[target="_blank"]').evaluateAll((links) => links.map((a) => a.getAttribute("rel")));
  expect(rels.filter((rel) => rel !== "noopener noreferrer")).toEqual([]);
  expect(await page.locator('[data-testid="widget-sources"] tbody tr').count()).toBe(10);
  expect(await page.getByTestId("compare-project").count()).toBe(3);
  expect(await page.getByTestId("ai-filter-note").count()).toBe(0);
  await screenshot(page, "overview-vi-1280");

  const compare = page.getByTestId("widget-compare");
  await reloading(page, "/api/dashboard/get-data-dashboard", () => compare.getByLabel("Đồng Xanh").uncheck());
  await ready(page.getByTestId("compare-figures"));
  expect(await page.getByTestId("compare-project").count()).toBe(2);
  await compare.getByLabel("NutriViệt").uncheck();
  expect(await page.getByTestId("compare-hint").textContent()).toBe("Vui lòng chọn ít nhất 2 dự án để so sánh");
  await context.close();
});

test("a filter change reloads the widgets and the URL; Back and Forward restore the views", async () => {
  await withSession("desktop", async (page) => {
    await page.goto(`${suite.server.url}/overview`);
    await waitForOverview(page);
    const lastMonth = await numberIn(counter(page, "total_mention"));

    await reloading(page, "/api/dashboard/stats", () => chooseOption(page, "filter-time", "7 ngày qua"));
    await page.waitForURL(`${suite.server.url}/overview?type_time=week`);
    await waitForOverview(page);
    const lastWeek = await numberIn(counter(page, "total_mention"));
    expect(lastWeek).toBeLessThan(lastMonth);

    const channels = page.getByTestId("filter-channels");
    await channels.getByRole("button").click();
    await reloading(page, "/api/dashboard/stats", () => channels.getByLabel("Facebook").check());
    await page.keyboard.press("Escape");
    await page.waitForURL(`${suite.server.url}/overview?channel_ids=1&type_time=week`);
    await waitForOverview(page);
    await poll(() =>
      page
        .locator('[data-testid="widget-channels"] li[data-channel]')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute("data-channel"))),
    ).toEqual(["1"]);
    expect(await numberIn(counter(page, "total_mention"))).toBeLessThan(lastWeek);

    await reloading(page, "/api/dashboard/stats", () => page.goBack());
    await page.waitForURL(`${suite.server.url}/overview?type_time=week`);
    await waitForOverview(page);
    expect(await numberIn(counter(page, "total_mention"))).toBe(lastWeek);
    await reloading(page, "/api/dashboard/stats", () => page.goBack());
    await page.waitForURL(`${suite.server.url}/overview`);
    await waitForOverview(page);
    expect(await numberIn(counter(page, "total_mention"))).toBe(lastMonth);
    await page.goForward();
    await page.waitForURL(`${suite.server.url}/overview?type_time=week`);
    await poll(() => page.locator("#filter-time").textContent()).toBe("7 ngày qua");

    // A link reproduces the view, and the route slug narrows it to a channel group.
    await page.getByTestId("channel-scope").getByRole("link", { name: "Mạng xã hội" }).click();
    await page.waitForURL(`${suite.server.url}/overview/social?type_time=week`);
    await waitForOverview(page);
    const social = await page
      .locator('[data-testid="widget-channels"] li[data-channel]')
      .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute("data-channel"))));
    expect(social.length).toBeGreaterThan(0);
    expect(social.every((id) => [1, 5, 6, 7, 9, 15].includes(id))).toBe(true);
  });
});

test("a widget whose request fails shows an error with a retry that recovers", async () => {
  await withSession("desktop", async (page) => {
    let failures = 1;
    await page.route("**/api/dashboard/top-words*", (route) =>
      failures-- > 0 ? route.fulfill({ status: 500, json: { code: 500, data: null, errors: null } }) : route.continue(),
    );
    await page.goto(`${suite.server.url}/overview`);
    const words = page.getByTestId("widget-words");
    await poll(() => words.getAttribute("data-state")).toBe("error");
    await words.getByRole("button", { name: "Thử lại" }).click();
    await ready(words);
  });
});

test("the mention list filters, sorts, pages and searches, mirrored in the URL", async () => {
  await withSession("desktop", async (page) => {
    await page.goto(`${suite.server.url}/mention`);
    await waitForList(page);
    const total = await listTotal(page);
    expect(total).toBeGreaterThan(20);
    expect(await numberIn(page.locator('[data-testid="mention-stats"] [data-counter="total_mention"] dd'))).toBe(total);
    expect(await page.getByTestId("mention-item").count()).toBe(20);
    await screenshot(page, "mention-vi-1280");

    const sentiments = page.getByTestId("filter-sentiments");
    await sentiments.getByRole("button").click();
    await reloading(page, "/api/mention/index", () => sentiments.getByLabel("Tiêu cực").check());
    await page.keyboard.press("Escape");
    await page.waitForURL(`${suite.server.url}/mention?sentiment_ids=2`);
    await waitForList(page);
    const negative = await listTotal(page);
    expect(negative).toBeLessThan(total);
    expect(new Set(await page.getByTestId("sentiment-select").evaluateAll((s) => s.map((e) => (e as HTMLSelectElement).value)))).toEqual(
      new Set(["2"]),
    );

    await reloading(page, "/api/mention/index", () => chooseOption(page, "filter-sort", "Nhiều tương tác nhất"));
    await page.waitForURL(`${suite.server.url}/mention?sentiment_ids=2&summary_sort=interact`);
    await waitForList(page);
    const interactions = await page
      .getByTestId("mention-item")
      .evaluateAll((items) => items.map((i) => Number(i.getAttribute("data-interactions"))));
    expect(interactions).toEqual([...interactions].sort((a, b) => b - a));

    const firstOnPage1 = await page.getByTestId("mention-item").first().getAttribute("data-id");
    await reloading(page, "/api/mention/index", () =>
      page.getByTestId("pagination").getByRole("button", { name: "2", exact: true }).click(),
    );
    await page.waitForURL(`${suite.server.url}/mention?sentiment_ids=2&page=2&summary_sort=interact`);
    await waitForList(page);
    expect(await page.getByTestId("page-info").textContent()).toBe(`Trang 2/${Math.ceil(negative / 20)}`);
    expect(await page.getByTestId("mention-item").first().getAttribute("data-id")).not.toBe(firstOnPage1);
    const page2Interactions = await page
      .getByTestId("mention-item")
      .evaluateAll((items) => items.map((i) => Number(i.getAttribute("data-interactions"))));
    expect(Math.max(...page2Interactions)).toBeLessThanOrEqual(Math.min(...interactions));

    // Searching is another filter: the list starts again at page 1.
    await reloading(page, "/api/mention/index", () => page.getByTestId("mention-search").fill("giao hàng"));
    await page.waitForURL(`${suite.server.url}/mention?sentiment_ids=2&search=giao+h%C3%A0ng&summary_sort=interact`);
    await waitForList(page);
    const found = await listTotal(page);
    expect(found).toBeGreaterThan(0);
    expect(found).toBeLessThan(negative);
    const texts = await page.getByTestId("mention-item").locator("p").allTextContents();
    expect(texts.every((text) => text.toLowerCase().includes("giao hàng"))).toBe(true);

    await reloading(page, "/api/mention/index", () => page.goBack());
    await page.waitForURL(`${suite.server.url}/mention?sentiment_ids=2&page=2&summary_sort=interact`);
    await waitForList(page);
    expect(await page.getByTestId("mention-search").inputValue()).toBe("");
    expect(await listTotal(page)).toBe(negative);
  });
});

test("a sentiment edit and a bulk status edit stick after a reload", async () => {
  await withSession("desktop", async (page) => {
    await page.goto(`${suite.server.url}/mention`);
    await waitForList(page);
    const first = page.getByTestId("mention-item").first();
    const id = await first.getAttribute("data-id");
    const select = first.getByTestId("sentiment-select");
    const next = (await select.inputValue()) === "2" ? "1" : "2";
    const saved = page.waitForResponse((r) => r.url().endsWith("/api/mention/update") && r.status() === 200);
    await select.selectOption(next);
    await saved;
    expect(await first.getByTestId("mention-status").textContent()).toBe("Đã cập nhật");

    const items = page.getByTestId("mention-item");
    await items.nth(1).getByRole("checkbox").check();
    await items.nth(2).getByRole("checkbox").check();
    const ids = await Promise.all([1, 2].map((n) => items.nth(n).getAttribute("data-id")));
    await page.getByTestId("bulk-status").selectOption({ label: "Đã xử lý" });
    await page.getByTestId("toast-success").filter({ hasText: "Đã cập nhật 2 đề cập" }).waitFor();

    await page.reload();
    await waitForList(page);
    const edited = page.locator(`[data-testid="mention-item"][data-id="${id}"]`);
    expect(await edited.getByTestId("sentiment-select").inputValue()).toBe(next);
    for (const other of ids)
      expect(await page.locator(`[data-testid="mention-item"][data-id="${other}"]`).getByTestId("mention-status").textContent()).toBe(
        "Đã xử lý",
      );
  });
});

test("a failed sentiment edit is rolled back", async () => {
  await withSession("desktop", async (page) => {
    await page.route("**/api/mention/update", (route) =>
      route.fulfill({ status: 422, json: { code: 422, data: null, errors: { ids: ["Không tìm thấy đề cập"] } } }),
    );
    await page.goto(`${suite.server.url}/mention`);
    await waitForList(page);
    const select = page.getByTestId("mention-item").first().getByTestId("sentiment-select");
    const original = await select.inputValue();
    await select.selectOption(original === "0" ? "1" : "0");
    await page.getByTestId("toast-error").filter({ hasText: "Không tìm thấy đề cập" }).waitFor();
    expect(await select.inputValue()).toBe(original);
  });
});

test("export: one at a time, and the file holds exactly the list's mentions", async () => {
  await withSession("desktop", async (page) => {
    // The last 30 days hold demo mentions whatever the day: "this month" is nearly empty on the 1st.
    await page.goto(`${suite.server.url}/mention?type_time=month&sentiment_ids=1`);
    await waitForList(page);
    const total = await listTotal(page);

    // The download is held back a moment, so that the second click lands while the first export runs.
    await page.route("**/api/mention/export-excel*", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.getByTestId("export-button").click();
    const dialog = page.getByTestId("export-dialog");
    expect(await dialog.getByRole("radio", { name: "30 ngày qua" }).isChecked()).toBe(true);
    await screenshot(page, "mention-export-1280");
    const download = page.waitForEvent("download");
    await dialog.getByTestId("export-start").click();
    await dialog.getByTestId("export-progress").waitFor();
    await dialog.getByRole("button", { name: "Đóng" }).click();
    await page.getByTestId("export-button").click();
    await page.getByTestId("export-warning").getByText("Hệ thống đang xuất một file Excel").waitFor();
    await page.getByTestId("export-warning").getByRole("button", { name: "Đã hiểu" }).click();

    const file = await (await download).path();
    const book = XLSX.read(readFileSync(file));
    expect(book.SheetNames.length).toBe(3);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1 });
    expect(rows.length - 1).toBe(total);
    await page.getByTestId("toast-success").filter({ hasText: "Đã tải về file" }).waitFor();
  });
});

test("on a phone: no export, filters in a sheet, nothing wider than the screen", async () => {
  await withSession("mobile", async (page) => {
    await page.goto(`${suite.server.url}/overview`);
    await waitForOverview(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
    await screenshot(page, "overview-vi-390");

    await page.goto(`${suite.server.url}/mention`);
    await waitForList(page);
    expect(await page.getByTestId("export-button").count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
    await screenshot(page, "mention-vi-390");

    await page.getByTestId("open-filters").click();
    const sheet = page.getByTestId("filter-sheet");
    await reloading(page, "/api/mention/index", () => chooseOption(page, "filter-type", "Bình luận"));
    await page.waitForURL(`${suite.server.url}/mention?mention_type=1`);
    await screenshot(page, "mention-filters-vi-390");
    await sheet.getByRole("button", { name: "Xem kết quả" }).click();
    await waitForList(page);
    expect(await page.getByTestId("open-filters").textContent()).toContain("1");
    expect(new Set(await page.getByTestId("mention-type").allTextContents())).toEqual(new Set(["Bình luận"]));
  });
});

test("in English under /en/", async () => {
  await withSession("desktop", async (page) => {
    await page.goto(`${suite.server.url}/en/overview/facebook?type_time=last-month`);
    await waitForOverview(page);
    expect(await page.textContent("h1")).toBe("Overview");
    expect(await page.locator("#filter-time").textContent()).toBe("Last month");
    await poll(() =>
      page
        .locator('[data-testid="widget-channels"] li[data-channel]')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute("data-channel"))),
    ).toEqual(["1"]);
    const compare = page.getByTestId("widget-compare");
    await compare.getByLabel("Đồng Xanh").uncheck();
    await compare.getByLabel("NutriViệt").uncheck();
    expect(await page.getByTestId("compare-hint").textContent()).toBe("Please select at least 2 projects to compare");
    await screenshot(page, "overview-en-facebook-1280");
  });
});
