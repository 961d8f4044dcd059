import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { screenshot, type VIEWPORTS } from "./helpers/browser.ts";
import { connectionsSuite, EVERY_SCREEN, overflows } from "./helpers/connections-tab.ts";

/** The connections tab of a fresh account's project, logged in, with the query given. */
function connectionsTab(env: Record<string, string>) {
  const { suite, logIn } = connectionsSuite(env, { name: "Trà Xanh", keywords: ["Trà Xanh Tây Bắc"] });
  return async (viewport: keyof typeof VIEWPORTS, prefix: string, query = ""): Promise<Page> => {
    const page = await logIn(viewport, `${prefix}/project-setting/connections`);
    if (query) await page.goto(`${suite.server.url}${prefix}/project-setting/connections${query}`);
    return page;
  };
}

describe("a server without a Meta app", () => {
  const open = connectionsTab({});
  test.each(EVERY_SCREEN)(
    "the tab says the server cannot connect Meta or Threads accounts yet (%s, %s px)",
    async (lang, width, prefix, viewport) => {
      const page = await open(viewport, prefix);
      for (const provider of ["meta", "threads"]) {
        const note = page.getByTestId(`provider-${provider}`).getByTestId("connections-unavailable");
        await note.waitFor();
        expect(await note.textContent()).toContain(lang === "vi" ? "chăm sóc khách hàng" : "customer service");
      }
      expect(await page.textContent("body")).not.toMatch(/META_|THREADS_|CONNECTIONS_KEY/);
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
  const open = connectionsTab({
    META_APP_ID: "123456789012345",
    META_APP_SECRET: "bi-mat-cua-ung-dung",
    CONNECTIONS_KEY: Buffer.alloc(32, 7).toString("base64"),
    // Nothing listens here: the page's way to the dialog is caught before it leaves the machine.
    META_OAUTH_URL: "http://127.0.0.1:9/v21.0/dialog/oauth",
  });
  test.each(EVERY_SCREEN)("the tab offers to connect Facebook & Instagram (%s, %s px)", async (lang, width, prefix, viewport) => {
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
  });

  test("back from Meta, the tab says the connection was made and drops the flag from its address", async () => {
    const page = await open("mobile", "", "?project_id=1&connection=connected");
    await page.getByTestId("connection-outcome-connected").waitFor();
    await expect.poll(() => new URL(page.url()).search).toBe("");
    await screenshot(page, "connections-outcome-vi-390");
    await page.context().close();
  });
});
