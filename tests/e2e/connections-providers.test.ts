import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { LINKEDIN, LINKEDIN_SECRET, startLinkedinServer } from "../factories/linkedin-server.ts";
import { startTiktokServer, TIKTOK, TIKTOK_SECRET } from "../factories/tiktok-server.ts";
import { startZaloServer, ZALO, zaloEnv } from "../factories/zalo-server.ts";
import { screenshot } from "./helpers/browser.ts";
import { connectionsSuite, EVERY_SCREEN, overflows } from "./helpers/connections-tab.ts";

// Issue 36 in the browser: the providers of the social channels side by side on one connections tab. Zalo, TikTok and
// LinkedIn are connected through their consent pages (caught before they leave the machine, answered by the local
// stand-ins); the providers this server has no app for say so in the customer's words.

const TIKTOK_DIALOG = "http://127.0.0.1:9/tiktok/v2/auth/authorize/";
const CONNECTED = ["zalo", "tiktok", "linkedin"] as const;
const UNCONFIGURED = ["meta", "threads"] as const;

const env: Record<string, string> = {
  CONNECTIONS_KEY: Buffer.alloc(32, 7).toString("base64"),
  TIKTOK_APP_ID: "7441000000000000000",
  TIKTOK_APP_SECRET: TIKTOK_SECRET,
  TIKTOK_OAUTH_URL: TIKTOK_DIALOG,
  LINKEDIN_CLIENT_ID: "86linkedinNghe",
  LINKEDIN_CLIENT_SECRET: LINKEDIN_SECRET,
};
let zalo: Awaited<ReturnType<typeof startZaloServer>>;
let tiktok: Awaited<ReturnType<typeof startTiktokServer>>;
let linkedin: Awaited<ReturnType<typeof startLinkedinServer>>;
beforeAll(async () => {
  [zalo, tiktok, linkedin] = await Promise.all([startZaloServer(), startTiktokServer(), startLinkedinServer()]);
  Object.assign(env, zaloEnv(zalo.url), {
    TIKTOK_API_URL: tiktok.url,
    LINKEDIN_API_URL: linkedin.url,
    LINKEDIN_OAUTH_URL: `${linkedin.url}/oauth/v2/authorization`,
  });
});
afterAll(async () => {
  await Promise.all([zalo?.close(), tiktok?.close(), linkedin?.close()]);
});

const { suite, logIn } = connectionsSuite(env, { name: "Trà Sữa Mây", keywords: ["Trà Sữa Mây"] });

/** Each provider's consent page, as a customer who grants access: straight back to the callback with a code and the state. */
async function grantAll(page: Page): Promise<void> {
  const back = (provider: string, query: Record<string, string>) => ({
    status: 302,
    headers: { location: `${suite.server.url}/api/connections/${provider}/callback?${new URLSearchParams(query)}` },
  });
  await page.route(`${zalo.url}/v4/oa/permission**`, (route) => {
    const asked = new URL(route.request().url()).searchParams;
    const code = zalo.grant(asked.get("code_challenge")!);
    return route.fulfill(back("zalo", { code, state: asked.get("state")!, oa_id: ZALO.oa.oa_id }));
  });
  await page.route(`${TIKTOK_DIALOG}**`, (route) =>
    route.fulfill(back("tiktok", { code: TIKTOK.code, state: new URL(route.request().url()).searchParams.get("state")! })),
  );
  await page.route(`${linkedin.url}/oauth/v2/authorization**`, (route) =>
    route.fulfill(back("linkedin", { code: LINKEDIN.code, state: new URL(route.request().url()).searchParams.get("state")! })),
  );
}

describe("the social channels' providers on one tab", () => {
  test("Zalo, TikTok and LinkedIn each bring the customer back connected", async () => {
    const page = await logIn("desktop", "/project-setting/connections");
    await grantAll(page);
    for (const provider of CONNECTED) {
      await page.getByTestId(`connect-${provider}`).click();
      await page.getByTestId("connection-outcome-connected").waitFor();
      await page.getByTestId(`provider-${provider}`).getByTestId("connected-as").waitFor();
    }
    await page.context().close();
  });

  test.each(EVERY_SCREEN)(
    "every provider's state, and how each channel reaches Nghe (%s, %s px)",
    async (lang, width, prefix, viewport) => {
      const page = await logIn(viewport, `${prefix}/project-setting/connections`);
      for (const provider of CONNECTED) await page.getByTestId(`provider-${provider}`).getByTestId("connected-as").waitFor();
      for (const provider of UNCONFIGURED) {
        const note = page.getByTestId(`provider-${provider}`).getByTestId("connections-unavailable");
        expect(await note.textContent()).toContain(lang === "vi" ? "chăm sóc khách hàng" : "customer service");
      }
      await page.getByTestId("channel-coverage").locator("summary").click();
      expect(await page.getByTestId("coverage-tiktok").textContent()).toContain(
        lang === "vi" ? "không cho ứng dụng thương mại tìm kiếm" : "does not let commercial apps search",
      );
      expect(await page.getByTestId("coverage-zalo-group").textContent()).toContain(lang === "vi" ? "Qua đối tác" : "Through a partner");
      expect(await overflows(page)).toBe(false);
      await screenshot(page, `connections-providers-${lang}-${width}`);
      await page.context().close();
    },
  );
});
