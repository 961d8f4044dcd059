import { expect, test } from "vitest";
import { createAccount, otpFromOutbox } from "./helpers/accounts.ts";
import { screenshot, useServerAndBrowser, VIEWPORTS } from "./helpers/browser.ts";

// Strangers' addresses arrive as X-Forwarded-For, as behind the proxy a production server sits behind.
const suite = useServerAndBrowser({ TRUST_PROXY: "1" });

/** 30 wrong passwords from 30 addresses: the username is under a broad attack. */
async function attack(username: string): Promise<void> {
  const statuses = await Promise.all(
    Array.from({ length: 30 }, (_, i) =>
      fetch(`${suite.server.url}/api/login`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": `10.40.0.${i}` },
        body: JSON.stringify({ username, password: "SaiMatKhau1" }),
      }).then((res) => res.status),
    ),
  );
  expect(statuses).toEqual(Array(30).fill(422));
}

for (const [lang, prefix, notice] of [
  ["vi", "", "Nếu mật khẩu đúng, mã xác nhận vừa được gửi tới số"],
  ["en", "/en", "If the password is right, a code has just been sent to"],
] as const) {
  test(`under a broad attack the owner signs in with the password and the texted code (${lang})`, { timeout: 300_000 }, async () => {
    const { account } = await createAccount(suite.server.url, suite.dataDir);
    await attack(account.username);
    for (const viewport of ["desktop", "mobile"] as const) {
      const context = await suite.browser.newContext({ viewport: VIEWPORTS[viewport] });
      const page = await context.newPage();
      await page.goto(`${suite.server.url}${prefix}/login`);
      await page.fill('input[name="username"]', account.username);
      await page.fill('input[name="password"]', account.password);
      await page.click('button[type="submit"]');
      const codeForm = page.getByTestId("login-code-form");
      await codeForm.waitFor();
      expect(await codeForm.getByRole("status").textContent()).toContain(notice);
      await screenshot(page, `login-code-${lang}-${viewport}`);
      if (viewport === "desktop") {
        await context.close();
        continue;
      }
      await page.fill('input[name="otp"]', await otpFromOutbox(suite.dataDir, account.username));
      await page.click('button[type="submit"]');
      await page.waitForURL((url) => !url.pathname.endsWith("/login"));
      await context.close();
    }
  });
}
