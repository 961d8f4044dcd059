import type { BrowserContext } from "playwright-core";
import { describe, expect, test } from "vitest";
import { screenshot, skipUpgradeSuggestion, useServerAndBrowser, VIEWPORTS } from "./helpers/browser.ts";
import { createAccount } from "./helpers/accounts.ts";

const suite = useServerAndBrowser();

async function withPage<T>(viewport: keyof typeof VIEWPORTS, run: (context: BrowserContext) => Promise<T>): Promise<T> {
  const context = await suite.browser.newContext({ viewport: VIEWPORTS[viewport] });
  try {
    return await run(context);
  } finally {
    await context.close();
  }
}

describe.each(Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[])("at %s width", (viewport) => {
  test("login in Vietnamese and in English", async () => {
    await withPage(viewport, async (context) => {
      const page = await context.newPage();
      await page.goto(`${suite.server.url}/login`);
      expect(await page.getAttribute("html", "lang")).toBe("vi");
      await expect.poll(() => page.textContent("h1")).toBe("Đăng nhập");
      await expect.poll(() => page.getByTestId("hotline").textContent()).toBe("Cần hỗ trợ? Gọi hotline 1900 636 019");
      await screenshot(page, `login-vi-${viewport}`);
      await page.click('[data-lang-switch="en"]');
      await page.waitForURL(`${suite.server.url}/en/login`);
      expect(await page.getAttribute("html", "lang")).toBe("en");
      await expect.poll(() => page.textContent("h1")).toBe("Log in");
      await screenshot(page, `login-en-${viewport}`);
    });
  });

  test("the dashboard without a session sends the visitor to login", async () => {
    await withPage(viewport, async (context) => {
      const page = await context.newPage();
      await page.goto(`${suite.server.url}/`);
      await page.waitForURL((url) => url.pathname === "/login");
      await page.goto(`${suite.server.url}/en/overview/facebook`);
      // The login keeps the page asked for in its address (?next=, tests/e2e/alerts.test.ts), to return there.
      await page.waitForURL((url) => url.pathname === "/en/login");
    });
  });

  test("landing page and thank-you page", async () => {
    await withPage(viewport, async (context) => {
      const page = await context.newPage();
      await page.goto(`${suite.server.url}/landingpage`);
      expect(await page.locator("h1").count()).toBe(1);
      await screenshot(page, `landing-vi-${viewport}`);
      await page.goto(`${suite.server.url}/thankyou`);
      expect(await page.textContent("h1")).toBe("Trân trọng cảm ơn");
      await page.click("text=Quay lại trang chủ");
      await page.waitForURL(`${suite.server.url}/landingpage`);
    });
  });

  test("a missing route answers 404 with the not-found text", async () => {
    await withPage(viewport, async (context) => {
      const page = await context.newPage();
      const vi = await page.goto(`${suite.server.url}/trang-khong-ton-tai`);
      expect(vi?.status()).toBe(404);
      expect(await page.textContent("h1")).toBe("Không tìm thấy trang này");
      await screenshot(page, `not-found-vi-${viewport}`);
      const en = await page.goto(`${suite.server.url}/en/overview/no-such-channel`);
      expect(en?.status()).toBe(404);
      expect(await page.textContent("h1")).toBe("This page could not be found");
    });
  });

  test("the error page shows the status code, 500 by default", async () => {
    await withPage(viewport, async (context) => {
      const page = await context.newPage();
      await page.goto(`${suite.server.url}/error`);
      expect(await page.textContent("[data-error-code]")).toBe("500");
      await page.goto(`${suite.server.url}/en/error?code=503`);
      expect(await page.textContent("[data-error-code]")).toBe("503");
      await page.goto(`${suite.server.url}/error?reason=middleware`);
      expect(await page.textContent("[data-error-text]")).toBe("Unknown middleware");
    });
  });
});

test("with a session the dashboard shows the spec's menu, expanded, collapsible, and mobile below 1024 px", async () => {
  const { token } = await createAccount(suite.server.url, suite.dataDir);
  await withPage("desktop", async (context) => {
    await context.addCookies([{ name: "accessToken", value: token, url: suite.server.url }]);
    await skipUpgradeSuggestion(context);
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/en/account-setting/myaccount`);
    const sidebar = page.getByTestId("sidebar");
    await expect.poll(() => sidebar.getAttribute("data-expanded")).toBe("true");
    expect(await page.getByTestId("menu").locator("a").allTextContents()).toEqual([
      "Overview",
      "Mentions",
      "Demographics",
      "Crisis Management",
      "Project Settings",
    ]);
    await screenshot(page, "account-en-desktop");
    await page.getByTestId("menu-toggle").click();
    await expect.poll(() => sidebar.getAttribute("data-expanded")).toBe("false");
    await page.reload();
    await expect.poll(() => page.getByTestId("sidebar").getAttribute("data-expanded")).toBe("false");
    await page.setViewportSize({ width: 1023, height: 800 });
    await page.getByTestId("mobile-bar").waitFor();
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.getByTestId("sidebar").waitFor();
  });
  await withPage("mobile", async (context) => {
    await context.addCookies([{ name: "accessToken", value: token, url: suite.server.url }]);
    await skipUpgradeSuggestion(context);
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/account-setting/password`);
    await page.getByTestId("mobile-bar").waitFor();
    await page.getByRole("button", { name: "Mở menu" }).click();
    expect(await page.getByTestId("menu").locator("a").first().textContent()).toBe("Tổng quan");
    await screenshot(page, "password-vi-mobile-menu");
  });
});
