import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { landingContent } from "../../src/content/landing.ts";
import { smtpInbox } from "../factories/smtp-inbox.ts";
import { createAccount } from "./helpers/accounts.ts";
import { launchBrowser, screenshot } from "./helpers/browser.ts";
import { finish, runEntry, startServer, tempDataDir, type RunningServer } from "./helpers/server.ts";

let server: RunningServer;
let browser: Browser;
let inbox: Awaited<ReturnType<typeof smtpInbox>>;
const dataDir = tempDataDir();

beforeAll(async () => {
  inbox = await smtpInbox();
  server = await startServer({
    DATA_DIR: dataDir,
    SMTP_URL: inbox.url,
    MAIL_FROM: "Nghe <no-reply@nghe.test>",
    SALES_EMAIL: "sales@nghe.test",
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await inbox?.close();
});

const WIDTHS = [1280, 1023, 390] as const;

async function withPage<T>(
  width: number,
  run: (page: Page, context: BrowserContext) => Promise<T>,
  options: BrowserContextOptions = {},
): Promise<T> {
  const context = await browser.newContext({ viewport: { width, height: width > 500 ? 800 : 844 }, ...options });
  try {
    return await run(await context.newPage(), context);
  } finally {
    await context.close();
  }
}

/** The contact form is hydrated when it scrolls into view (before that it is a plain HTML form). */
async function openContactForm(page: Page, path: string) {
  await page.goto(`${server.url}${path}`);
  const form = page.getByTestId("contact-form");
  await form.scrollIntoViewIfNeeded();
  await expect.poll(() => form.getAttribute("data-hydrated")).toBe("true");
  return form;
}

async function apiPost(path: string, body: unknown, token?: string) {
  const headers: Record<string, string> = { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) };
  return (await fetch(`${server.url}/api${path}`, { method: "POST", headers, body: JSON.stringify(body) })).json();
}

describe.each(WIDTHS)("at %i px", (width) => {
  test("the landing page in Vietnamese and English, with JavaScript only for the contact form", async () => {
    await withPage(width, async (page) => {
      const scripts: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
      });
      for (const lang of ["vi", "en"] as const) {
        const content = landingContent(lang);
        await page.goto(`${server.url}${lang === "en" ? "/en" : ""}/landingpage`);
        expect(await page.getAttribute("html", "lang")).toBe(lang);
        expect(await page.locator("h1").allTextContents()).toEqual([content.hero.title]);
        expect(await page.title()).toBe(content.meta.title);
        expect(await page.locator("[data-channel]").count()).toBe(15);
        expect(await page.getByTestId("sample-label").textContent()).toBe(content.preview.sample_label);
        expect(await page.getByTestId("typical-customers").locator(":scope > li").count()).toBe(6);
        expect(scripts).toEqual([]);
        await screenshot(page, `landing-${lang}-${width}`);

        await openContactForm(page, `${lang === "en" ? "/en" : ""}/landingpage`);
        expect(await page.getByTestId("contact-hotline").textContent()).toMatch(/1900 636 019$/);
        expect(scripts.length).toBeGreaterThan(0);
        expect(scripts.every((path) => path.startsWith("/_astro/"))).toBe(true);
        scripts.length = 0;
      }
    });
  });

  test("the thank-you page and the offline page", async () => {
    await withPage(width, async (page) => {
      await page.goto(`${server.url}/thankyou`);
      expect(await page.textContent("h1")).toBe("Trân trọng cảm ơn");
      await screenshot(page, `thankyou-vi-${width}`);
      await page.goto(`${server.url}/en/offline`);
      expect(await page.textContent("h1")).toBe("You are offline");
      await screenshot(page, `offline-en-${width}`);
    });
  });
});

describe("the contact form", () => {
  test("shows the spec's message for each bad field, in Vietnamese", async () => {
    await withPage(1280, async (page) => {
      const form = await openContactForm(page, "/landingpage");
      const errors = () => form.getByTestId("field-error").allTextContents();
      await form.locator('button[type="submit"]').click();
      await expect
        .poll(errors)
        .toEqual([
          "Họ và tên là bắt buộc",
          "Số điện thoại là bắt buộc",
          "Email là bắt buộc",
          "Công ty là bắt buộc",
          "Lời nhắn là bắt buộc",
        ]);
      expect(await form.getByTestId("form-error").textContent()).toBe("Thiếu thông tin");
      await screenshot(page, "contact-errors-vi-1280");

      await form.locator('input[name="full_name"]').fill("Lê Thị Hồng Nhung");
      expect(await errors()).not.toContain("Họ và tên là bắt buộc");
      for (const [name, value, message] of [
        ["phone", "0912 345 678", "Số điện thoại không được chứa khoảng trắng"],
        ["phone", "091234", "Số điện thoại không hợp lệ"],
        ["email", "nhung@traxanh", "Email không đúng định dạng"],
      ]) {
        await form.locator(`input[name="${name}"]`).fill(value);
        await form.locator('button[type="submit"]').click();
        await expect.poll(errors).toContain(message);
      }
    });
  });

  test("in English at 390 px, a valid request lands on the thank-you page and reaches sales by e-mail", async () => {
    await withPage(390, async (page) => {
      const form = await openContactForm(page, "/en/landingpage");
      await form.locator('button[type="submit"]').click();
      await expect.poll(() => form.getByTestId("field-error").first().textContent()).toBe("Full name is required");
      expect(await form.getByTestId("form-error").textContent()).toBe("Missing information");
      await screenshot(page, "contact-errors-en-390");

      await form.locator('input[name="full_name"]').fill("Nguyễn Minh Khoa");
      await form.locator('input[name="phone"]').fill("0987654321");
      await form.locator('input[name="email"]').fill("khoa.nguyen@caphesang.vn");
      await form.locator('input[name="company"]').fill("Cà phê Sáng JSC");
      await form.locator('textarea[name="message"]').fill("We would like a demo for our coffee chain.");
      await form.locator('button[type="submit"]').click();
      await page.waitForURL(`${server.url}/en/thankyou`);
      expect(await page.textContent("h1")).toBe("Thank you");
      await screenshot(page, "thankyou-en-390");
    });
    await expect.poll(() => inbox.received.length).toBe(1);
    const mail = inbox.received[0];
    expect(mail.to).toEqual(["sales@nghe.test"]);
    expect(mail.subject).toMatch(/^\[Nghe\] Yêu cầu tư vấn #\d+: Cà phê Sáng JSC — Nguyễn Minh Khoa$/);
    expect(mail.text).toContain("Số điện thoại: 0987654321");
    expect(mail.text).toContain("Ngôn ngữ trang: English");

    const listed = await finish(runEntry("src/server/cli.ts", ["contact", "list"], { DATA_DIR: dataDir }));
    expect(JSON.parse(listed.stdout.trim().split("\n")[0])).toMatchObject({
      full_name: "Nguyễn Minh Khoa",
      email: "khoa.nguyen@caphesang.vn",
      lang: "en",
    });
  });
});

describe("upgrade", () => {
  async function trialUserWithProject() {
    const { token } = await createAccount(server.url, dataDir);
    await apiPost("/project", { brand_id: 0, name: "Trà Xanh", keywords: ["Trà Xanh Tây Bắc"], competitors: [] }, token);
    return token;
  }
  /** The session start-up ends with the user's project list; the dialog decides right after it. */
  async function reloadAndSettle(page: Page, url?: string) {
    const settled = page.waitForResponse((response) => response.url().includes("/api/project/list-user-projects"));
    await (url ? page.goto(url) : page.reload());
    await settled;
    await page.waitForTimeout(300);
  }
  const loggedIn = (token: string) => async (context: BrowserContext) =>
    context.addCookies([{ name: "accessToken", value: token, url: server.url }]);

  test("the dialog offers the upgrade to a trial user, 'later' lasts the session, and a request ends it", async () => {
    const token = await trialUserWithProject();
    for (const width of WIDTHS) {
      await withPage(width, async (page, context) => {
        await loggedIn(token)(context);
        await page.goto(`${server.url}/mention`);
        const dialog = page.getByTestId("suggest-upgrade-dialog");
        await dialog.getByText("Nâng cấp để xem toàn bộ dữ liệu").waitFor();
        await screenshot(page, `upgrade-dialog-${width}`);
        await dialog.getByRole("button", { name: "Để sau" }).click();
        await expect.poll(() => dialog.isVisible()).toBe(false);
        await reloadAndSettle(page);
        expect(await dialog.isVisible()).toBe(false);
      });
    }
    await withPage(1280, async (page, context) => {
      await loggedIn(token)(context);
      await page.goto(`${server.url}/mention`);
      const dialog = page.getByTestId("suggest-upgrade-dialog");
      await dialog.getByRole("button", { name: "Gửi yêu cầu nâng cấp" }).click();
      await page.getByTestId("toast-success").getByText("Đã gửi yêu cầu nâng cấp").waitFor();
      await expect.poll(() => dialog.isVisible()).toBe(false);
    });
    await withPage(1280, async (page, context) => {
      await loggedIn(token)(context);
      await reloadAndSettle(page, `${server.url}/mention`);
      expect(await page.getByTestId("suggest-upgrade-dialog").isVisible()).toBe(false);
      await page.goto(`${server.url}/upgrade`);
      await page.getByTestId("upgrade-waiting").getByText("Đang chờ nâng cấp").waitFor();
      await screenshot(page, "upgrade-waiting-vi-1280");
    });
  });

  test("the upgrade page compares the plans, asks visitors to log in, and lets a trial user request", async () => {
    const token = await trialUserWithProject();
    for (const width of WIDTHS) {
      await withPage(width, async (page) => {
        await page.goto(`${server.url}/en/upgrade`);
        expect(await page.getByTestId("plan-comparison").locator("tbody tr").count()).toBe(5);
        await page.getByTestId("upgrade-login").getByRole("link", { name: "Log in" }).waitFor();
        await screenshot(page, `upgrade-login-en-${width}`);
      });
    }
    await withPage(390, async (page, context) => {
      await loggedIn(token)(context);
      await page.goto(`${server.url}/upgrade`);
      await page.getByTestId("upgrade-request").getByRole("button", { name: "Gửi yêu cầu nâng cấp" }).click();
      await page.getByTestId("upgrade-waiting").waitFor();
      await screenshot(page, "upgrade-waiting-vi-390");
    });
  });
});

describe("resilience", () => {
  const countLoads = (page: Page, path: string) => {
    let loads = 0;
    page.on("request", (request) => {
      if (request.isNavigationRequest() && new URL(request.url()).pathname === path) loads += 1;
    });
    return () => loads;
  };

  test("a code chunk that fails to load reloads the page once, and not again within 60 s", async () => {
    await withPage(
      1280,
      async (page) => {
        // Astro retries with ?astro-retry=…, so the pattern must match that too.
        await page.route(/\/_astro\/ContactForm\.[^/]+\.js/, (route) => route.abort());
        const loads = countLoads(page, "/landingpage");
        await page.goto(`${server.url}/landingpage`);
        await page.getByTestId("contact-form").scrollIntoViewIfNeeded();
        await expect.poll(loads, { timeout: 10_000 }).toBe(2);
        await page.waitForLoadState("load");
        await page.getByTestId("contact-form").scrollIntoViewIfNeeded();
        await page.waitForTimeout(3000);
        expect(loads()).toBe(2);
      },
      { serviceWorkers: "block" },
    );
  });

  test("vite:preloadError reloads once per 60 s", async () => {
    await withPage(
      1280,
      async (page) => {
        await page.clock.install();
        const loads = countLoads(page, "/login");
        await page.goto(`${server.url}/login`);
        // The reload it causes may end the evaluation itself; that is the expected outcome, counted below.
        const preloadError = () =>
          page
            .evaluate(() => void dispatchEvent(new Event("vite:preloadError", { cancelable: true })))
            .catch((error: Error) => {
              if (!/Execution context was destroyed/.test(error.message)) throw error;
            });
        await preloadError();
        await expect.poll(loads, { timeout: 5_000 }).toBe(2);
        await page.waitForLoadState("load");
        await preloadError();
        await page.waitForTimeout(500);
        expect(loads()).toBe(2);
        await page.clock.fastForward("01:01");
        await preloadError();
        await expect.poll(loads, { timeout: 5_000 }).toBe(3);
      },
      { serviceWorkers: "block" },
    );
  });

  test("a server failure seen by the browser is reported to the server", async () => {
    await withPage(1280, async (page) => {
      await page.route("**/api/app-config", (route) =>
        route.fulfill({ status: 503, contentType: "application/json", body: '{"code":503,"data":{},"errors":{}}' }),
      );
      const reported = page.waitForRequest((request) => request.url().endsWith("/api/client-errors"));
      await page.goto(`${server.url}/login`);
      expect(JSON.parse((await reported).postData() ?? "{}")).toMatchObject({ status: 503, url: "/api/app-config", page: "/login" });
    });
  });

  test("the service worker serves the offline page when the network is gone, and caches no API answer", async () => {
    await withPage(390, async (page, context) => {
      await page.goto(`${server.url}/landingpage`);
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await page.reload();
      expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
      await page.goto(`${server.url}/en/upgrade`);
      await context.setOffline(true);
      await page.goto(`${server.url}/mention`);
      expect(await page.textContent("h1")).toBe("Bạn đang ngoại tuyến");
      await screenshot(page, "offline-vi-390");
      await context.setOffline(false);
      const cached = await page.evaluate(async () => {
        const urls: string[] = [];
        for (const name of await caches.keys())
          for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
        return { names: await caches.keys(), urls };
      });
      expect(cached.names.every((name) => /^nghe-(shell|assets)-[0-9a-f]{12}$/.test(name))).toBe(true);
      expect(cached.urls).toContain("/offline");
      expect(cached.urls.some((url) => url.startsWith("/api/"))).toBe(false);
    });
  });

  test("robots.txt keeps crawlers out of the dashboard and the sitemap lists only public pages", async () => {
    const robots = await (await fetch(`${server.url}/robots.txt`)).text();
    expect(robots).toContain("Disallow: /overview");
    expect(robots).toContain("Disallow: /en/mention");
    expect(robots).not.toMatch(/Disallow: \/landingpage/);
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    expect(locs.sort()).toEqual(["/en/landingpage", "/en/login", "/en/register", "/landingpage", "/login", "/register"]);
  });
});
