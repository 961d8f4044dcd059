import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { smtpInbox } from "../factories/smtp-inbox.ts";
import { createAccount } from "./helpers/accounts.ts";
import { screenshot, skipUpgradeSuggestion, useServerAndBrowser, VIEWPORTS } from "./helpers/browser.ts";

// The server is started with the inbox's address, so the inbox listens first.
const inbox = await smtpInbox();
const suite = useServerAndBrowser({ SMTP_URL: inbox.url, MAIL_FROM: "Nghe <canh-bao@nghe.vn>", SALES_EMAIL: "sales@nghe.vn" });
afterAll(() => inbox.close());

let customer: Awaited<ReturnType<typeof createAccount>>;
let incidentId: number;

const api = async (path: string, json: unknown) => {
  const res = await fetch(`${suite.server.url}/api${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${customer.token}` },
    body: JSON.stringify(json),
  });
  return (await res.json()).data;
};

beforeAll(async () => {
  customer = await createAccount(suite.server.url, suite.dataDir);
  const project = await api("/project", { brand_id: 0, name: "Trà Xanh", keywords: ["Trà Xanh Tây Bắc"], competitors: [] });
  incidentId = (
    await api("/incident/create", { project_id: project.id, title: "Khách phản ánh trà có vị lạ", started_at: new Date().toISOString() })
  ).id;
});

async function newContext(viewport: keyof typeof VIEWPORTS = "desktop"): Promise<BrowserContext> {
  const context = await suite.browser.newContext({ viewport: VIEWPORTS[viewport] });
  await skipUpgradeSuggestion(context);
  return context;
}

async function logIn(page: Page) {
  await page.fill('input[name="username"]', customer.account.username);
  await page.fill('input[name="password"]', customer.account.password);
  await page.click('button[type="submit"]');
}

describe("a deep link opened while logged out", () => {
  test.each([
    ["vi", ""],
    ["en", "/en"],
  ])("lands on the crisis page after login (%s)", async (_lang, prefix) => {
    const context = await newContext();
    const page = await context.newPage();
    const crisis = `${prefix}/crisis-management/${incidentId}`;
    await page.goto(`${suite.server.url}${crisis}`);
    await page.waitForURL(`${suite.server.url}${prefix}/login?next=${encodeURIComponent(crisis)}`);
    await logIn(page);
    await page.waitForURL(`${suite.server.url}${crisis}`);
    await expect.poll(() => page.locator("h1").first().textContent()).toContain("Khách phản ánh trà có vị lạ");
    await context.close();
  });

  test("a return address on another host is ignored: login goes to the overview", async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/login?next=${encodeURIComponent("//evil.example/overview")}`);
    await logIn(page);
    await page.waitForURL(`${suite.server.url}/overview`);
    await context.close();
  });
});

describe("the notify screen of a new account", () => {
  async function notifyScreen(viewport: keyof typeof VIEWPORTS, prefix: "" | "/en") {
    const context = await newContext(viewport);
    const page = await context.newPage();
    await page.goto(`${suite.server.url}${prefix}/project-setting/notify`);
    await logIn(page);
    await page.waitForURL(`${suite.server.url}${prefix}/project-setting/notify`);
    const toast = page.getByTestId("toast-success");
    await toast.waitFor();
    await toast.waitFor({ state: "detached" });
    return { context, page };
  }

  test("lists the account's own phone and e-mail, says truly who is alerted, and sends a test to each", async () => {
    const { context, page } = await notifyScreen("desktop", "");
    const { phone, email } = customer.account;
    await expect.poll(() => page.locator('input[name="phones.0"]').inputValue()).toBe(phone);
    expect(await page.locator('input[name="emails.0"]').inputValue()).toBe(email);
    expect(await page.getByTestId("alert-recipients").textContent()).toBe(
      `Khi có sự cố, cảnh báo được gửi qua email tới ${email} và qua SMS tới ${phone}.`,
    );
    expect(await page.getByTestId("receives-reports").textContent()).toContain(
      "Chưa chọn tần suất nào nên chưa có báo cáo định kỳ nào được gửi.",
    );
    await screenshot(page, "notify-alerts-vi-desktop");

    await page.getByTestId("emails-editor").getByTestId("test-alert").click();
    await expect.poll(() => page.getByTestId("toast-success").textContent()).toContain(`Đã gửi tin thử tới ${email}`);
    await expect.poll(() => inbox.received.filter((m) => m.to.includes(email)).length).toBe(1);
    expect(inbox.received.find((m) => m.to.includes(email))!.subject).toContain("Thử cảnh báo khủng hoảng");

    // The e2e server has no SMS gateway: the screen says the text was only logged, not that it arrived.
    await page.getByTestId("phones-editor").getByTestId("test-alert").click();
    await expect.poll(() => page.getByTestId("toast-error").textContent()).toContain("Máy chủ chưa được cấu hình gửi SMS");
    await screenshot(page, "notify-test-sms-vi-desktop");

    // A second test to the same address within the minute is refused with the wait.
    await page.getByTestId("emails-editor").getByTestId("test-alert").click();
    await expect
      .poll(() => page.getByTestId("toast-error").last().textContent())
      .toMatch(/Bạn thao tác quá nhiều lần. Vui lòng thử lại sau \d+ giây/);
    await context.close();
  });

  test("in English and on a phone", async () => {
    for (const [viewport, prefix] of [
      ["mobile", ""],
      ["desktop", "/en"],
      ["mobile", "/en"],
    ] as const) {
      const { context, page } = await notifyScreen(viewport, prefix);
      await page.getByTestId("alert-recipients").waitFor();
      if (prefix === "/en")
        expect(await page.getByTestId("alert-recipients").textContent()).toBe(
          `When an incident opens, alerts go by e-mail to ${customer.account.email} and by SMS to ${customer.account.phone}.`,
        );
      await screenshot(page, `notify-alerts-${prefix ? "en" : "vi"}-${viewport}`);
      await context.close();
    }
  });
});
