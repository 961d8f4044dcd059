import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { createAccount } from "./helpers/accounts.ts";
import { screenshot, skipUpgradeSuggestion, useServerAndBrowser, VIEWPORTS } from "./helpers/browser.ts";

const WIDTHS = [
  ["desktop", 1280],
  ["mobile", 390],
] as const;
const LANGS = [
  ["vi", ""],
  ["en", "/en"],
] as const;

/** A suite's server with a fresh account and its project, and a way to open the connections tab logged in. */
function connectionsSuite(env: Record<string, string>) {
  const suite = useServerAndBrowser(env);
  let customer: Awaited<ReturnType<typeof createAccount>>;
  beforeAll(async () => {
    customer = await createAccount(suite.server.url, suite.dataDir);
    await fetch(`${suite.server.url}/api/project`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${customer.token}` },
      body: JSON.stringify({ brand_id: 0, name: "Trà Xanh", keywords: ["Trà Xanh Tây Bắc"], competitors: [], unlimited: true }),
    });
  });
  return async (viewport: keyof typeof VIEWPORTS, prefix: string, query = ""): Promise<Page> => {
    const context = await suite.browser.newContext({ viewport: VIEWPORTS[viewport] });
    await skipUpgradeSuggestion(context);
    const page = await context.newPage();
    const path = `${prefix}/project-setting/connections`;
    await page.goto(`${suite.server.url}${path}`);
    await page.fill('input[name="username"]', customer.account.username);
    await page.fill('input[name="password"]', customer.account.password);
    await page.click('button[type="submit"]');
    await page.waitForURL(`${suite.server.url}${path}`);
    // The login toast would cover a corner of the screenshots: let it come and go first.
    const toast = page.getByTestId("toast-success");
    await toast.waitFor();
    await toast.waitFor({ state: "detached" });
    if (query) await page.goto(`${suite.server.url}${path}${query}`);
    return page;
  };
}

/** The page is no wider than its window: nothing cut at 390 px. */
const overflows = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

describe("a server without a Meta app", () => {
  const open = connectionsSuite({});
  test.each(LANGS.flatMap(([lang, prefix]) => WIDTHS.map(([viewport, width]) => [lang, width, prefix, viewport] as const)))(
    "the tab says the server cannot connect Meta accounts yet (%s, %s px)",
    async (lang, width, prefix, viewport) => {
      const page = await open(viewport, prefix);
      const note = page.getByTestId("connections-unavailable");
      await note.waitFor();
      expect(await note.textContent()).toContain(lang === "vi" ? "chăm sóc khách hàng" : "customer service");
      expect(await page.textContent("body")).not.toMatch(/META_|CONNECTIONS_KEY/);
      expect(await page.getByRole("tab", { selected: true }).textContent()).toBe(
        lang === "vi" ? "Kết nối tài khoản" : "Connected accounts",
      );
      expect(await overflows(page)).toBe(false);
      await screenshot(page, `connections-unavailable-${lang}-${width}`);
      await page.context().close();
    },
  );
});

describe("a server with a Meta app", () => {
  const open = connectionsSuite({
    META_APP_ID: "123456789012345",
    META_APP_SECRET: "bi-mat-cua-ung-dung",
    CONNECTIONS_KEY: Buffer.alloc(32, 7).toString("base64"),
    // Nothing listens here: the page's way to the dialog is caught before it leaves the machine.
    META_OAUTH_URL: "http://127.0.0.1:9/v21.0/dialog/oauth",
  });
  test.each(LANGS.flatMap(([lang, prefix]) => WIDTHS.map(([viewport, width]) => [lang, width, prefix, viewport] as const)))(
    "the tab offers to connect Facebook & Instagram (%s, %s px)",
    async (lang, width, prefix, viewport) => {
      const page = await open(viewport, prefix);
      const button = page.getByTestId("connect-meta");
      await button.waitFor();
      expect(await button.textContent()).toBe(lang === "vi" ? "Kết nối Facebook & Instagram" : "Connect Facebook & Instagram");
      expect(await overflows(page)).toBe(false);
      await screenshot(page, `connections-connect-${lang}-${width}`);
      // The button takes this session to Meta's dialog for this project, with a state to come back with.
      const dialog = new Promise<URL>((resolve) =>
        page.route("http://127.0.0.1:9/**", (route) => {
          resolve(new URL(route.request().url()));
          return route.fulfill({ status: 200, contentType: "text/html", body: "<p>Meta</p>" });
        }),
      );
      await button.click();
      const url = await dialog;
      expect(url.pathname).toBe("/v21.0/dialog/oauth");
      expect(url.searchParams.get("client_id")).toBe("123456789012345");
      expect(url.searchParams.get("state")).toMatch(/\S{20,}/);
      expect(url.searchParams.get("redirect_uri")).toMatch(/\/api\/connections\/meta\/callback$/);
      await page.context().close();
    },
  );

  test("back from Meta, the tab says the connection was made and drops the flag from its address", async () => {
    const page = await open("mobile", "", "?project_id=1&connection=connected");
    await page.getByTestId("connection-outcome-connected").waitFor();
    await expect.poll(() => new URL(page.url()).search).toBe("");
    await screenshot(page, "connections-outcome-vi-390");
    await page.context().close();
  });
});
