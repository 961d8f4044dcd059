import type { Locator, Page } from "playwright-core";
import { beforeAll, expect, test } from "vitest";
import { createAccount } from "./helpers/accounts.ts";
import { numberIn, screenshot, skipUpgradeSuggestion, useServerAndBrowser, VIEWPORTS } from "./helpers/browser.ts";

const suite = useServerAndBrowser({ SEED_DEMO: "auto", DEMO_DOCUMENTS: "3000" });
let demoToken: string;

const WIDGETS = ["coverage", "provinces", "areas", "jobs", "age-channel", "age-project", "top-authors"];
/** Last month is always a whole month inside the demo's 90 days, whatever today is. */
const LAST_MONTH = "?type_time=last-month";

beforeAll(async () => {
  const password = /Demo account ready — username: demo\s+password: (\S+)/.exec(suite.server.output())![1];
  const res = await fetch(`${suite.server.url}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "demo", password }),
  });
  demoToken = ((await res.json()) as { data: { access_token: string } }).data.access_token;
});

const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 30_000 });
const ready = (widget: Locator) => poll(() => widget.getAttribute("data-state")).toBe("ready");

async function openAudience(token: string, viewport: keyof typeof VIEWPORTS, path: string, run: (page: Page) => Promise<void>) {
  const context = await suite.browser.newContext({ viewport: VIEWPORTS[viewport] });
  await skipUpgradeSuggestion(context);
  await context.addCookies([{ name: "accessToken", value: token, url: suite.server.url }]);
  try {
    const page = await context.newPage();
    await page.goto(`${suite.server.url}${path}`);
    await poll(() => page.getByTestId("widget-audience-counters").getAttribute("data-state")).toBe("ready");
    for (const widget of WIDGETS) await ready(page.getByTestId(`widget-${widget}`));
    await poll(() => page.getByTestId("province-map").count()).toBe(1);
    await run(page);
  } finally {
    await context.close();
  }
}

/** Both archipelagos are drawn inside the map and named on it, not cut off at its edge. */
async function expectArchipelagos(page: Page) {
  const map = (await page.getByTestId("province-map").boundingBox())!;
  for (const [province, label] of [
    ["da-nang", "label-hoang_sa"],
    ["khanh-hoa", "label-truong_sa"],
  ]) {
    const islands = (await page.locator(`[data-archipelago="${province}"]`).boundingBox())!;
    expect(islands.width * islands.height).toBeGreaterThan(4);
    expect(islands.x).toBeGreaterThanOrEqual(map.x - 1);
    expect(islands.x + islands.width).toBeLessThanOrEqual(map.x + map.width + 1);
    expect(islands.y + islands.height).toBeLessThanOrEqual(map.y + map.height + 1);
    await expect.poll(() => page.getByTestId(label).isVisible()).toBe(true);
  }
}

/**
 * Every number and label is shown whole: nothing cut by an ellipsis, and no tile's value or label wider than its box
 * (the reach once read "1,007,1…" and a job "Người sáng tạo nội du…" at 1280 px).
 */
async function expectNothingCut(page: Page) {
  const cut = await page.getByTestId("audience-screen").evaluate((screen) =>
    [...screen.querySelectorAll<HTMLElement>("*")]
      .filter((el) => {
        const style = getComputedStyle(el);
        const tile = el.matches("[data-testid=counter-value], [data-testid=counter-label]");
        return (tile || style.textOverflow === "ellipsis") && style.display !== "inline" && el.scrollWidth > el.clientWidth;
      })
      .map((el) => `${el.textContent} (${el.scrollWidth} > ${el.clientWidth})`),
  );
  expect(cut).toEqual([]);
}

const CASES = [
  { lang: "vi", viewport: "desktop" },
  { lang: "vi", viewport: "mobile" },
  { lang: "en", viewport: "desktop" },
  { lang: "en", viewport: "mobile" },
] as const;

test.each(CASES)(
  "the demo account's audience in $lang at $viewport: counters, a map with both archipelagos, every widget full",
  async ({ lang, viewport }) => {
    const prefix = lang === "en" ? "/en" : "";
    await openAudience(demoToken, viewport, `${prefix}/audience${LAST_MONTH}`, async (page) => {
      expect(await page.textContent("h1")).toBe(lang === "en" ? "Demographics" : "Nhân khẩu học");
      expect(await page.getByTestId("audience-sample-notice").count()).toBe(0);
      expect(await page.getByTestId("sample-badge").count()).toBe(0);
      const authors = await numberIn(page.locator('[data-counter="authors"] [data-testid="counter-value"]'));
      expect(authors).toBeGreaterThan(100);
      expect(await numberIn(page.locator('[data-counter="mentions"] [data-testid="counter-value"]'))).toBeGreaterThanOrEqual(authors);

      // Every one of the 34 provinces is drawn; those with authors are coloured, and the list ranks them.
      expect(await page.locator("[data-testid=province-map] [data-province]").count()).toBe(34);
      expect(await page.locator("[data-testid=province-list] li").count()).toBeGreaterThan(15);
      await expectArchipelagos(page);
      expect(await page.getByTestId("map-credit").textContent()).toContain("Open Development Vietnam (CC BY-SA 4.0)");
      // Partial coverage is said, not hidden: the demo authors' ages are not all known.
      expect(await page.getByTestId("coverage-note-age").first().isVisible()).toBe(true);
      expect(await page.locator("[data-testid=widget-areas] [data-area]").count()).toBe(3);
      expect(await page.locator("[data-testid=widget-age-project] [data-row]").count()).toBe(3);
      expect(await page.locator("[data-testid=widget-jobs] [data-job]").count()).toBeGreaterThan(5);
      const top = page.getByTestId(viewport === "desktop" ? "top-authors-table" : "top-authors-cards");
      expect(await top.locator("[data-author]").count()).toBe(10);
      expect(await top.locator('a[href^="https://demo.nghe.vn/@author-"]').count()).toBe(10);

      if (viewport === "desktop") {
        // Hover shows a province's figures; Hà Nội, whose shape has no islands, sits under the centre of its box.
        await page.locator('[data-testid=province-map] [data-province="ha-noi"]').hover();
        await poll(() => page.getByTestId("map-detail").textContent()).toMatch(lang === "en" ? /Hanoi.*authors/ : /Hà Nội.*tác giả/);
      } else {
        // On a phone, a tap on the ranked list shows the same details.
        await page.locator('[data-testid=province-list] [data-province="ho-chi-minh"] button').click();
        await poll(() => page.getByTestId("map-detail").textContent()).toMatch(lang === "en" ? /Ho Chi Minh City/ : /TP\. Hồ Chí Minh/);
      }
      await expectNothingCut(page);
      await screenshot(page, `audience-${lang}-${viewport}`);
    });
  },
);

test("this month is the default period and last month the only other choice", async () => {
  await openAudience(demoToken, "desktop", "/audience", async (page) => {
    await page.locator("#filter-period").click();
    expect(await page.getByRole("option").allTextContents()).toEqual(["Tháng này", "Tháng trước"]);
  });
});

const BRANDS = ["Vinamilk", "TH true MILK", "Nutifood"];

test.each(CASES)(
  "a new trial account sees the sample marked on every figure, never under its own brands ($lang, $viewport)",
  async ({ lang, viewport }) => {
    const { token } = await createAccount(suite.server.url, suite.dataDir);
    const created = await fetch(`${suite.server.url}/api/project`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({
        brand_id: 0,
        name: BRANDS[0],
        keywords: ["vinamilk"],
        competitors: BRANDS.slice(1).map((name) => ({ name, keywords: [name.toLowerCase()] })),
      }),
    });
    expect(created.status).toBe(200);
    const prefix = lang === "en" ? "/en" : "";
    const mark = lang === "en" ? "Sample data" : "Dữ liệu mẫu";
    await openAudience(token, viewport, `${prefix}/audience`, async (page) => {
      const notice = page.getByTestId("audience-sample-notice");
      expect(await notice.textContent()).toContain(lang === "en" ? "sample brands" : "thương hiệu mẫu");
      expect(await notice.locator(`a[href="${prefix}/upgrade"]`).count()).toBe(1);
      const marks = (scope: string) => page.locator(`${scope} [data-testid=sample-badge]`);
      // Each headline tile, the map and the province list carry the mark, and so does every card's header.
      expect(await marks("[data-counter]").count()).toBe(5);
      expect(await marks("[data-counter]").first().textContent()).toBe(mark);
      expect(await marks("[data-testid=map-legend]").count()).toBe(1);
      expect(await marks("[data-testid=widget-provinces] h3").count()).toBe(1);
      for (const widget of WIDGETS) expect(await marks(`[data-testid=widget-${widget}] header`).count(), widget).toBe(1);
      // Hover details and tooltips say it too.
      await page.locator('[data-testid=province-map] [data-province="ha-noi"]').hover();
      await poll(() => page.getByTestId("map-detail").textContent()).toMatch(new RegExp(`^${mark}${lang === "en" ? "Hanoi" : "Hà Nội"}`));
      expect(await page.locator("[data-testid=widget-age-project] [data-age]").first().getAttribute("title")).toMatch(
        new RegExp(`^${mark}: `),
      );
      expect(await page.locator("[data-testid=widget-top-authors] [data-testid=sentiment-mix]").first().getAttribute("title")).toMatch(
        new RegExp(`^${mark}: `),
      );
      // Invented figures are drawn for sample brands, never for the customer's own.
      const rows = await page.locator("[data-testid=widget-age-project] [data-row] .font-medium").allTextContents();
      expect(rows).toEqual(["A", "B", "C"].map((letter) => `${lang === "en" ? "Sample brand" : "Thương hiệu mẫu"} ${letter}`));
      for (const figure of ["widget-audience-counters", ...WIDGETS.map((w) => `widget-${w}`)]) {
        const text = await page.getByTestId(figure).textContent();
        for (const brand of BRANDS) expect(text, `${figure} ${brand}`).not.toContain(brand);
      }
      expect(await numberIn(page.locator('[data-counter="authors"] [data-testid="counter-value"]'))).toBeGreaterThan(300);
      await expectArchipelagos(page);
      await expectNothingCut(page);
      await screenshot(page, `audience-trial-${lang}-${viewport}`);
    });
  },
);
