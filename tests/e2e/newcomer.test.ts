import { readFileSync } from "node:fs";
import type { BrowserContext, BrowserContextOptions, Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import * as XLSX from "xlsx";
import { formatDate } from "../../src/shared/format.ts";
import { TIME_FILTER_PRESETS } from "../../src/stores/filter-params.ts";
import { createAccount } from "./helpers/accounts.ts";
import { demoSession } from "./helpers/demo.ts";
import { numberIn, screenshot, useServerAndBrowser, VIEWPORTS } from "./helpers/browser.ts";
import { finish, runEntry } from "./helpers/server.ts";

/** What a new customer meets in the first hour: the demo, the export, the landing page's form, a project of their own. */
const suite = useServerAndBrowser({ SEED_DEMO: "auto", DEMO_DOCUMENTS: "3000" });
let demo: Awaited<ReturnType<BrowserContext["storageState"]>>;

const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 20_000 });
const ready = (widget: Locator) => poll(() => widget.getAttribute("data-state")).toBe("ready");
/** Loaded, with or without rows: just after midnight in Vietnam "today" holds no demo mention yet. */
const settled = (widget: Locator) => poll(() => widget.getAttribute("data-state")).toMatch(/^(ready|empty)$/);

async function withPage(viewport: keyof typeof VIEWPORTS, run: (page: Page) => Promise<void>, options: BrowserContextOptions = {}) {
  const context = await suite.browser.newContext({ viewport: VIEWPORTS[viewport], acceptDownloads: true, ...options });
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

async function waitForList(page: Page, list = ready) {
  await list(page.getByTestId("mention-list"));
  await poll(() => page.getByTestId("mention-stats").getAttribute("data-state")).toBe("ready");
}

/** Elements whose text the layout cuts ("11,399,2…"). */
const cutOff = (locator: Locator) =>
  locator.evaluateAll((elements) => elements.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent));

beforeAll(async () => {
  demo = await demoSession(suite, {
    viewport: "mobile",
    // The login notice must leave the phone's header usable: the menu button and the language links stay on top.
    onSignedIn: async (page) => {
      await page.getByTestId("toast-success").filter({ hasText: "Bạn đã đăng nhập thành công" }).waitFor();
      expect(await uncovered(page.getByTestId("mobile-bar").locator("a, button"))).toEqual([true, true, true]);
      await screenshot(page, "newcomer-login-toast-vi-390");
    },
  });
});

/** For each element, whether it is the one a click at its centre reaches (nothing laid over it). */
async function uncovered(elements: Locator): Promise<boolean[]> {
  return elements.evaluateAll((list) =>
    list.map((e) => {
      const box = e.getBoundingClientRect();
      const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      return hit !== null && (hit === e || e.contains(hit));
    }),
  );
}

describe("the Excel export holds exactly what the screen shows", () => {
  const today = formatDate(new Date());
  const views = TIME_FILTER_PRESETS.map((preset) =>
    preset === "custom"
      ? `type_time=custom&start_date=${formatDate(Date.now() - 20 * 86_400_000)}&end_date=${today}`
      : `type_time=${preset}`,
  );

  test.each(views)("/mention?%s", async (view) => {
    await withPage(
      "desktop",
      async (page) => {
        await page.goto(`${suite.server.url}/mention?${view}&sentiment_ids=0,2`);
        await waitForList(page, settled);
        const total = await numberIn(page.getByTestId("mention-total"));
        expect(await cutOff(page.getByTestId("mention-filters").locator("button span"))).toEqual([]);
        await page.getByTestId("export-button").click();
        const dialog = page.getByTestId("export-dialog");
        // The dialog opens on the screen's own period, whether or not it is one of the spec's export ranges.
        expect(await dialog.locator('input[name="export-range"]:checked').getAttribute("value")).toBe(
          new URLSearchParams(view).get("type_time"),
        );
        if (view === "type_time=month") await screenshot(page, "newcomer-export-dialog-vi-1280");
        const download = page.waitForEvent("download");
        await dialog.getByTestId("export-start").click();
        const book = XLSX.read(readFileSync((await (await download).path())!), { cellNF: true });
        const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets["Đề cập"]);
        expect(rows).toHaveLength(total);
        expect(new Set(rows.map((r) => r["Cảm xúc"])).has("Tích cực")).toBe(false);
        // The summary states the period up to today at the latest (today read now: the run may pass midnight).
        const [, , last] = XLSX.utils.sheet_to_json<string[]>(book.Sheets["Tổng quan"], { header: 1, raw: false })[0];
        expect(last <= formatDate(new Date())).toBe(true);
      },
      { storageState: demo },
    );
  });

  test("the file speaks as the screens do: Vietnamese channel names, 'Trung lập', real dates, no dead links", async () => {
    await withPage(
      "desktop",
      async (page) => {
        await page.goto(`${suite.server.url}/mention`);
        await waitForList(page);
        await page.getByTestId("export-button").click();
        const download = page.waitForEvent("download");
        await page.getByTestId("export-dialog").getByTestId("export-start").click();
        const book = XLSX.read(readFileSync((await (await download).path())!), { cellNF: true });
        const sheet = book.Sheets["Đề cập"];
        const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(sheet);
        const channels = new Set(rows.map((r) => String(r.Kênh)));
        for (const english of ["News", "Paper", "Zalo Group", "Review App", "Ecommerce", "Youtube", "Tiktok"])
          expect(channels.has(english)).toBe(false);
        expect(channels.has("Báo điện tử")).toBe(true);
        expect(new Set(rows.map((r) => r["Cảm xúc"]))).toEqual(new Set(["Tích cực", "Trung lập", "Tiêu cực"]));
        expect(rows.some((r) => r.Loại === "Bài viết")).toBe(true);
        expect(rows.every((r) => r["Đường dẫn"] === undefined)).toBe(true);
        expect(sheet.A2.t).toBe("n");
        expect(XLSX.SSF.is_date(String(sheet.A2.z))).toBe(true);
      },
      { storageState: demo },
    );
  });
});

describe("the demo's screens", () => {
  test.each([
    ["vi", "desktop"],
    ["en", "desktop"],
    ["vi", "mobile"],
    ["en", "mobile"],
  ] as const)("in %s at the %s width: no number cut off, no technical slug, samples say so", async (lang, viewport) => {
    const prefix = lang === "en" ? "/en" : "";
    const width = VIEWPORTS[viewport].width;
    await withPage(
      viewport,
      async (page) => {
        await page.goto(`${suite.server.url}${prefix}/overview`);
        for (const widget of ["stats", "trend", "latest", "hot"]) await ready(page.getByTestId(`widget-${widget}`));
        expect(await cutOff(page.getByTestId("counter-value"))).toEqual([]);
        expect(await page.locator('a[href*="demo.nghe.vn"]').count()).toBe(0);
        expect(await page.getByTestId("widget-latest").getByTestId("mention-sample").count()).toBe(5);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await screenshot(page, `newcomer-overview-${lang}-${width}`);

        await page.goto(`${suite.server.url}${prefix}/mention`);
        await waitForList(page);
        if (viewport === "desktop") expect(await cutOff(page.getByTestId("mention-filters").locator("button span"))).toEqual([]);
        const items = page.getByTestId("mention-item");
        const words = new Set((await items.allTextContents()).join(" ").split(/\s+/));
        for (const slug of ["zalo-group", "review-app", "review-map", "ecommerce", "paper", "facebook", "youtube", "tiktok"])
          expect(words.has(slug)).toBe(false);
        expect(await items.getByTestId("mention-sample").count()).toBe(20);
        expect(await page.locator('a[href*="demo.nghe.vn"]').count()).toBe(0);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await screenshot(page, `newcomer-mention-${lang}-${width}`);
      },
      { storageState: demo },
    );
  });

  test("a channel's own page names its channel in the channel filter", async () => {
    await withPage(
      "desktop",
      async (page) => {
        await page.goto(`${suite.server.url}/overview/facebook`);
        await ready(page.getByTestId("widget-stats"));
        expect(await page.getByTestId("filter-channels").getByRole("button").textContent()).toBe("Facebook");
        expect(await page.getByTestId("channel-scope").locator('[aria-current="page"]').textContent()).toBe("Facebook");
        await page.goto(`${suite.server.url}/en/overview/social`);
        await ready(page.getByTestId("widget-stats"));
        expect(await page.getByTestId("filter-channels").getByRole("button").textContent()).toBe("Social networks: all channels");
        await screenshot(page, "newcomer-overview-social-en-1280");
      },
      { storageState: demo },
    );
  });

  test("setting a sentiment back to the system's reading puts the status back too", async () => {
    await withPage(
      "desktop",
      async (page) => {
        await page.goto(`${suite.server.url}/mention`);
        await waitForList(page);
        const item = page.getByTestId("mention-item").nth(3);
        const select = item.getByTestId("sentiment-select");
        const status = item.getByTestId("mention-status");
        const original = await select.inputValue();
        const before = await status.textContent();
        const saved = () => page.waitForResponse((r) => r.url().endsWith("/api/mention/update") && r.status() === 200);
        let answered = saved();
        await select.selectOption(original === "2" ? "1" : "2");
        await answered;
        expect(await status.textContent()).toBe("Đã cập nhật");
        answered = saved();
        await select.selectOption(original);
        await answered;
        await poll(() => status.textContent()).toBe(before);
        await page.reload();
        await waitForList(page);
        expect(await page.getByTestId("mention-item").nth(3).getByTestId("mention-status").textContent()).toBe(before);
      },
      { storageState: demo },
    );
  });
});

describe("layout a newcomer reads", () => {
  test("a desktop gets the desktop grids, and form hints are written out, not cut inside a field", async () => {
    await withPage("desktop", async (page) => {
      await page.goto(`${suite.server.url}/landingpage`);
      const tops = (locator: Locator) => locator.evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)));
      expect(new Set(await tops(page.locator("#channels .grid > div")))).toHaveProperty("size", 1);
      expect(new Set((await tops(page.getByTestId("typical-customers").locator(":scope > li"))).slice(0, 3))).toHaveProperty("size", 1);
    });
    await withPage("mobile", async (page) => {
      await page.goto(`${suite.server.url}/register`);
      const password = page.locator('input[name="password"]');
      await password.waitFor();
      expect(await password.getAttribute("placeholder")).toBeNull();
      expect(await page.getByText("8–16 ký tự, có chữ hoa và chữ thường").isVisible()).toBe(true);
      expect(await cutOff(page.getByText("8–16 ký tự, có chữ hoa và chữ thường"))).toEqual([]);
      await screenshot(page, "newcomer-register-vi-390");
    });
  });
});

describe("the landing page's contact form", () => {
  const fields = {
    full_name: "Phan Thị Ngọc Hân",
    phone: "0903123456",
    email: "han.phan@banhpia-soctrang.vn",
    company: "Bánh pía Sóc Trăng",
    message: "Chúng tôi muốn theo dõi thương hiệu trên Facebook và các trang đánh giá.",
  };
  const fill = async (form: Locator, values: Record<string, string>) => {
    for (const [name, value] of Object.entries(values)) await form.locator(`[name="${name}"]`).pressSequentially(value);
  };
  const contactRequests = async () =>
    (await finish(runEntry("src/server/cli.ts", ["contact", "list"], { DATA_DIR: suite.dataDir }))).stdout
      .trim()
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, string>);

  test("what a visitor types before the script arrives is kept, and the form then sends it", async () => {
    // The service worker would answer the script itself, out of the test's reach.
    await withPage(
      "mobile",
      async (page) => {
        let release = () => {};
        const held = new Promise<void>((resolve) => (release = resolve));
        await page.route(/\/_astro\/ContactForm\.[^/]+\.js/, async (route) => {
          await held;
          await route.continue();
        });
        await page.goto(`${suite.server.url}/landingpage`);
        const form = page.getByTestId("contact-form");
        await fill(form, fields);
        expect(await form.getAttribute("data-hydrated")).toBe("false");
        release();
        await poll(() => form.getAttribute("data-hydrated")).toBe("true");
        for (const [name, value] of Object.entries(fields)) expect(await form.locator(`[name="${name}"]`).inputValue()).toBe(value);
        await form.locator('[name="message"]').pressSequentially(" Xin gọi sau 9 giờ.");
        await screenshot(page, "newcomer-contact-typed-vi-390");
        await form.locator('button[type="submit"]').click();
        await page.waitForURL(`${suite.server.url}/thankyou`);
      },
      { serviceWorkers: "block" },
    );
    expect((await contactRequests()).find((r) => r.email === fields.email)).toMatchObject({
      full_name: fields.full_name,
      message: `${fields.message} Xin gọi sau 9 giờ.`,
    });
  });

  test("without any script the form still sends, and a refused one comes back with its message", async () => {
    await withPage(
      "desktop",
      async (page) => {
        await page.goto(`${suite.server.url}/en/landingpage`);
        const form = page.getByTestId("contact-form");
        // Passes the browser's own checks (not empty) but not the server's (blank once trimmed).
        await fill(form, { ...fields, email: "no-script@banhpia.vn", message: "   " });
        await form.locator('button[type="submit"]').click();
        await page.waitForURL(`${suite.server.url}/en/landingpage#contact-failed`);
        expect(await page.getByTestId("contact-failed").isVisible()).toBe(true);
        await screenshot(page, "newcomer-contact-refused-en-1280");

        await fill(form, { ...fields, email: "no-script@banhpia.vn" });
        await form.locator('button[type="submit"]').click();
        await page.waitForURL(`${suite.server.url}/en/thankyou`);
      },
      { javaScriptEnabled: false },
    );
    expect((await contactRequests()).filter((r) => r.email === "no-script@banhpia.vn")).toMatchObject([
      { lang: "en", company: fields.company },
    ]);
  });
});

describe("a new customer's own project before any data", () => {
  test.each(["desktop", "mobile"] as const)(
    "at the %s width: notices leave the header free, and the dashboard says what happens next, in the customer's words",
    async (viewport) => {
      const { account } = await createAccount(suite.server.url, suite.dataDir);
      const width = VIEWPORTS[viewport].width;
      const upgradeOffered = (page: Page) => page.locator('[data-testid="suggest-upgrade-dialog"][open]').count();
      await withPage(viewport, async (page) => {
        await page.goto(`${suite.server.url}/login`);
        await page.fill('input[name="username"]', account.username);
        await page.fill('input[name="password"]', account.password);
        await page.click('button[type="submit"]');
        await page.waitForURL(`${suite.server.url}/onboarding`);
        await page.getByTestId("onboarding-logout").waitFor();
        await page.getByTestId("toast-success").waitFor();
        expect(await uncovered(page.getByTestId("onboarding-logout"))).toEqual([true]);
        await screenshot(page, `newcomer-onboarding-toast-vi-${width}`);

        await page
          .getByRole("button", { name: /Chọn thương hiệu/ })
          .first()
          .click();
        await page.getByRole("searchbox").fill("khác");
        await page.getByRole("option", { name: "Khác" }).click();
        await page.fill('input[name="name"]', "Bánh pía Sóc Trăng");
        const keywords = page.locator('[data-keyword-input="keywords"] input[type="text"]');
        await keywords.fill(`bánh pía Tân Huê Viên ${viewport}`);
        await keywords.press("Enter");
        await page.click('button[type="submit"]');
        const dialog = page.getByTestId("no-data-dialog");
        await dialog.getByTestId("no-data-meanwhile").waitFor();
        // This server holds the demo, so the customer is told it can be shown.
        expect(await dialog.getByTestId("no-data-meanwhile").locator("li").count()).toBe(3);
        expect(await dialog.textContent()).not.toMatch(/thay đổi từ khóa|COLLECT/i);
        await screenshot(page, `newcomer-onboarding-collection-off-vi-${width}`);
        await dialog.getByRole("button", { name: "Tiếp tục" }).click();
        await page.waitForURL(`${suite.server.url}/overview`);

        const status = page.getByTestId("data-status");
        await status.waitFor();
        expect(await status.locator("h2").textContent()).toBe("Dự án Bánh pía Sóc Trăng chưa có đề cập nào");
        expect(await status.getByTestId("data-status-collect").textContent()).toContain("Máy chủ này hiện chưa thu thập tin");
        expect(await status.getByTestId("data-status-collect").textContent()).toContain("không phải do từ khóa của bạn");
        expect(await status.getByTestId("data-status-scan").locator("li").allTextContents()).toEqual(["Bánh pía Sóc Trăng: 0 đề cập"]);
        await status.getByTestId("data-status-demo").waitFor();
        expect(await page.getByTestId("widget-empty").count()).toBe(0);
        // The page is shown once the session is checked: a trial account's first visit opens no upgrade offer.
        expect(await upgradeOffered(page)).toBe(0);
        expect(await page.content()).not.toContain("COLLECT");
        await screenshot(page, `newcomer-empty-overview-vi-${width}`);

        await page.goto(`${suite.server.url}/en/mention`);
        await page.getByTestId("data-status").waitFor();
        expect(await page.getByTestId("data-status").getByTestId("data-status-collect").textContent()).toContain(
          "This server is not collecting from public sources",
        );
        expect(await page.content()).not.toContain("COLLECT");
        expect(await upgradeOffered(page)).toBe(0);
        await screenshot(page, `newcomer-empty-mention-en-${width}`);
        await page.goto(`${suite.server.url}/en/overview`);
        await page.getByTestId("data-status").waitFor();
        await screenshot(page, `newcomer-empty-overview-en-${width}`);
      });
    },
    // Onboarding, then three screens in two languages.
    240_000,
  );

  test("a later visit (another browser session) offers the upgrade, as spec §4 says", async () => {
    const { token } = await createAccount(suite.server.url, suite.dataDir);
    const created = await fetch(`${suite.server.url}/api/project`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ brand_id: 0, name: "Bánh pía Sóc Trăng", keywords: ["bánh pía Vũng Thơm"], competitors: [] }),
    });
    expect(created.status).toBe(200);
    await withPage("desktop", async (page) => {
      await page.context().addCookies([{ name: "accessToken", value: token, url: suite.server.url }]);
      await page.goto(`${suite.server.url}/overview`);
      await poll(() => page.locator('[data-testid="suggest-upgrade-dialog"][open]').count()).toBe(1);
    });
  });
});
