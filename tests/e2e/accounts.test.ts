import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { e2eAccount, otpFromOutbox } from "./helpers/accounts.ts";
import { screenshot, skipUpgradeSuggestion, useServerAndBrowser, VIEWPORTS } from "./helpers/browser.ts";

const suite = useServerAndBrowser();

const fill = async (page: Page, name: string, value: string) => page.fill(`input[name="${name}"]`, value);

test.each(Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[])(
  "at %s width: register with OTP, log out, log in, change the password, and land on onboarding",
  async (viewport) => {
    const context = await suite.browser.newContext({ viewport: VIEWPORTS[viewport] });
    await skipUpgradeSuggestion(context);
    const page = await context.newPage();
    const account = e2eAccount();

    await page.goto(`${suite.server.url}/register`);
    await page.getByTestId("register-form").waitFor();
    await page.click('button[type="submit"]');
    expect(await page.getByTestId("field-error").first().textContent()).toBe("Tên đăng nhập là bắt buộc");
    await screenshot(page, `register-errors-${viewport}`);
    await fill(page, "phone", "0912 345 678");
    await page.click('button[type="submit"]');
    await expect.poll(() => page.locator("text=Số điện thoại không được chứa khoảng trắng").count()).toBe(1);
    for (const [name, value] of Object.entries(account)) await fill(page, name, value);
    await page.click('button[type="submit"]');
    await page.getByTestId("otp-form").waitFor();
    await screenshot(page, `register-otp-${viewport}`);

    await fill(page, "otp", await otpFromOutbox(suite.dataDir, account.username));
    await page.click('button[type="submit"]');
    await page.waitForURL(`${suite.server.url}/onboarding`);
    await page.getByTestId("toast-success").filter({ hasText: "Bạn đã đăng ký tài khoản thành công" }).waitFor();

    await page.goto(`${suite.server.url}/account-setting/myaccount`);
    await expect.poll(() => page.inputValue('input[name="full_name"]')).toBe(account.full_name);
    await screenshot(page, `my-account-${viewport}`);
    if (viewport === "mobile") await page.getByRole("button", { name: "Mở menu" }).click();
    await page.getByTestId("logout").click();
    await page.waitForURL((url) => url.pathname === "/login");

    await fill(page, "username", account.username);
    await fill(page, "password", "SaiMatKhau1");
    await page.click('button[type="submit"]');
    await expect.poll(() => page.getByTestId("field-error").textContent()).toBe("Mật khẩu không chính xác");
    await fill(page, "password", account.password);
    await page.click('button[type="submit"]');
    await page.waitForURL(`${suite.server.url}/onboarding`);
    await page.getByTestId("toast-success").filter({ hasText: "Bạn đã đăng nhập thành công" }).waitFor();

    await page.goto(`${suite.server.url}/account-setting/password`);
    await page.getByTestId("change-password-form").waitFor();
    await fill(page, "old_password", account.password);
    await fill(page, "new_password", "MatKhauMoi9");
    await page.click('button[type="submit"]');
    await page.getByTestId("toast-success").filter({ hasText: "Bạn đã thay đổi mật khẩu thành công" }).waitFor();
    await screenshot(page, `change-password-${viewport}`);

    await page.goto(`${suite.server.url}/overview`);
    await page.waitForURL(`${suite.server.url}/onboarding`);
    await context.close();
  },
);

test("forgotten password: OTP by username, then the new password works", async () => {
  const context = await suite.browser.newContext({ viewport: VIEWPORTS.desktop });
  const page = await context.newPage();
  const account = e2eAccount();
  await fetch(`${suite.server.url}/api/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(account),
  });
  const otp = await otpFromOutbox(suite.dataDir, account.username);
  await fetch(`${suite.server.url}/api/verify-registration`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ phone: account.phone, otp }),
  });

  await page.goto(`${suite.server.url}/en/login`);
  await page.click("text=Forgot password?");
  await fill(page, "identifier", account.username);
  await page.click('button[type="submit"]');
  await page.locator("text=A 6-digit OTP was sent to").waitFor();
  await fill(page, "otp", await otpFromOutbox(suite.dataDir, account.username));
  await fill(page, "password", "DoiMatKhau7");
  await page.click('button[type="submit"]');
  await page.locator("text=Your password was reset").waitFor();
  await screenshot(page, "reset-password-en-desktop");
  await fill(page, "username", account.username);
  await fill(page, "password", "DoiMatKhau7");
  await page.click('button[type="submit"]');
  await page.waitForURL(`${suite.server.url}/en/onboarding`);
  await context.close();
});
