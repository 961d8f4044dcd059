import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { createAccount } from "./helpers/accounts.ts";
import { screenshot, skipUpgradeSuggestion, useServerAndBrowser, VIEWPORTS } from "./helpers/browser.ts";
import { EVERY_SCREEN } from "./helpers/connections-tab.ts";
import { finish, runEntry } from "./helpers/server.ts";

const suite = useServerAndBrowser();

/** Print clippings from the last days that name each brand, as a CSV file for `nghe import`. */
function clippingsFile(brands: string[]): string {
  const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
  const rows = brands.map(
    (brand, i) =>
      `paper,${day(i + 1)},Báo Tuổi Trẻ,${brand} ra mắt sản phẩm mới,"${brand} vừa giới thiệu dòng sữa mới tại Hà Nội, bài ${Date.now()}-${i}"`,
  );
  const file = join(tmpdir(), `nghe-onboarding-${Date.now()}-${Math.random()}.csv`);
  writeFileSync(file, ["channel,published_at,source_name,title,content", ...rows].join("\n"));
  return file;
}

async function addKeywords(page: Page, name: string, keywords: string[]) {
  const input = page.locator(`[data-keyword-input="${name}"] input[type="text"]`);
  for (const keyword of keywords) {
    await input.fill(keyword);
    await input.press("Enter");
  }
}

async function chooseBrand(page: Page, search: string, label: string) {
  await page
    .getByRole("button", { name: /Thương hiệu|Chọn thương hiệu|Brand/ })
    .first()
    .click();
  await page.getByRole("searchbox").fill(search);
  await page.getByRole("option", { name: label }).click();
}

// Both widths share the server's pool, so each follows its own brands.
const BRANDS = {
  desktop: { brand: "Vinamilk", search: "vinamil", competitors: ["TH true MILK", "Nutifood"] },
  mobile: { brand: "Vinasoy", search: "vinaso", competitors: ["Dutch Lady", "Mộc Châu Milk"] },
} as const;

test.each(Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[])(
  "at %s width: onboarding validates, scans, says collection is off (not that the keywords are wrong), and the project can be edited",
  async (viewport) => {
    const { brand, search, competitors } = BRANDS[viewport];
    const { token } = await createAccount(suite.server.url, suite.dataDir);
    const context = await suite.browser.newContext({ viewport: VIEWPORTS[viewport] });
    await context.addCookies([{ name: "accessToken", value: token, url: suite.server.url }]);
    await skipUpgradeSuggestion(context);
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/overview`);
    await page.waitForURL(`${suite.server.url}/onboarding`);
    await page.getByTestId("project-form").waitFor();

    await page.click('button[type="submit"]');
    await expect.poll(() => page.locator("text=Thương hiệu là bắt buộc").count()).toBe(1);
    expect(await page.locator("text=Ít nhất 1 từ khóa").count()).toBe(1);
    await screenshot(page, `onboarding-errors-${viewport}`);

    await chooseBrand(page, search, brand);
    await page.fill('input[name="name"]', `Sữa ${brand}`);
    await addKeywords(page, "keywords", [brand, `sữa tươi ${brand}`]);
    await page.getByTestId("add-competitor").click();
    await page.fill('input[name="competitors.0.name"]', competitors[0]);
    await addKeywords(page, "competitors.0.keywords", [competitors[0]]);
    await page.getByTestId("add-competitor").click();
    await page.fill('input[name="competitors.1.name"]', competitors[1]);
    await addKeywords(page, "competitors.1.keywords", [competitors[1]]);
    await screenshot(page, `onboarding-form-${viewport}`);
    await page.click('button[type="submit"]');

    // This server collects nothing (COLLECT is off by default): the dialog says so, and what can be done meanwhile.
    const dialog = page.getByTestId("no-data-dialog");
    await dialog.locator("text=máy chủ này chưa thu thập tin").waitFor();
    expect(await dialog.locator("b").allTextContents()).toEqual([`Sữa ${brand}`, ...competitors]);
    const said = (await dialog.textContent()) ?? "";
    expect(said).toContain("không phải do từ khóa của bạn");
    expect(said).not.toContain("thay đổi từ khóa");
    expect(await dialog.getByTestId("no-data-meanwhile").locator("li").count()).toBe(2);
    expect(await page.content()).not.toContain("COLLECT");
    await screenshot(page, `onboarding-no-data-${viewport}`);
    await dialog.getByRole("button", { name: "Sửa thông tin dự án" }).click();
    await expect.poll(() => page.getByRole("button", { name: "Cập nhật dự án" }).count()).toBe(1);

    // Clippings arrive through the staff import (it runs inside the server over loopback); with a changed keyword the scan finds them.
    const imported = await finish(
      runEntry("src/server/cli.ts", ["import", clippingsFile([brand, ...competitors])], { DATA_DIR: suite.dataDir }),
    );
    expect(imported.code).toBe(0);
    await addKeywords(page, "keywords", [`${brand} Organic`]);
    await page.click('button[type="submit"]');
    await page.waitForURL(`${suite.server.url}/overview`);
    await page.getByTestId("toast-success").filter({ hasText: "Tạo dự án thành công" }).waitFor();
    expect(await page.getByTestId("toast-success").getByRole("button").count()).toBe(0);
    await screenshot(page, `onboarding-success-${viewport}`);
    await context.close();
  },
  // Two scans, a staff import and two submissions.
  240_000,
);

test("project settings: editing keywords and leaving opens the guard; Cancel discards and leaves", async () => {
  const { token } = await createAccount(suite.server.url, suite.dataDir);
  await fetch(`${suite.server.url}/api/project`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ brand_id: 0, name: "Cà phê Việt", keywords: ["Trung Nguyên"], competitors: [] }),
  });
  const context = await suite.browser.newContext({ viewport: VIEWPORTS.desktop });
  await context.addCookies([{ name: "accessToken", value: token, url: suite.server.url }]);
  await skipUpgradeSuggestion(context);
  const page = await context.newPage();
  await page.goto(`${suite.server.url}/project-setting/information`);
  await page.getByTestId("project-settings-form").waitFor();
  expect(await page.getByTestId("remaining-updates").textContent()).toBe("Bạn còn 5 lượt thay đổi từ khóa trong tháng này");
  await addKeywords(page, "keywords", ["G7 Coffee"]);
  await page.getByTestId("menu").getByText("Đề cập").click();
  const guard = page.getByTestId("unsaved-dialog");
  await guard.getByText("Bạn muốn cập nhật các thay đổi").waitFor();
  await screenshot(page, "project-settings-guard-desktop");
  await guard.getByRole("button", { name: "Hủy" }).click();
  await page.waitForURL(`${suite.server.url}/mention`);

  await page.goto(`${suite.server.url}/project-setting/information`);
  await page.getByTestId("project-settings-form").waitFor();
  await addKeywords(page, "keywords", ["G7 Coffee"]);
  await page.getByTestId("menu").getByText("Nhân khẩu học").click();
  await page.getByTestId("unsaved-dialog").getByRole("button", { name: "Cập nhật" }).click();
  await page.waitForURL(`${suite.server.url}/audience`);
  const shown = await (await fetch(`${suite.server.url}/api/project`, { headers: { authorization: `Bearer ${token}` } })).json();
  expect(shown.data.project.keywords).toEqual([{ name: "Trung Nguyên" }, { name: "G7 Coffee" }]);
  expect(shown.data.remaining_updates).toBe(4);
  await context.close();
});

test.each(EVERY_SCREEN)(
  "project settings in %s at %i px: each brand's excluded words and advanced query, read back, previewed and saved",
  async (lang, width, prefix, viewport) => {
    const { token } = await createAccount(suite.server.url, suite.dataDir);
    await fetch(`${suite.server.url}/api/project`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({
        brand_id: 0,
        name: "Sữa Vinamilk",
        keywords: ["Vinamilk", "VNM"],
        exclude_keywords: ["cổ phiếu"],
        competitors: [{ name: "TH true MILK", keywords: ["TH true MILK", "TH"], exclude_keywords: ["trường TH"] }],
      }),
    });
    const context = await suite.browser.newContext({ viewport: VIEWPORTS[viewport] });
    await context.addCookies([{ name: "accessToken", value: token, url: suite.server.url }]);
    await skipUpgradeSuggestion(context);
    const page = await context.newPage();
    await page.goto(`${suite.server.url}${prefix}/project-setting/information`);
    await page.getByTestId("project-settings-form").waitFor();
    const excluded = page.locator('[data-keyword-input="exclude_keywords"]');
    expect(await excluded.locator(".badge").allTextContents()).toEqual(["cổ phiếu"]);
    expect(await page.locator('[data-keyword-input="competitors.0.exclude_keywords"] .badge').allTextContents()).toEqual(["trường TH"]);
    await addKeywords(page, "exclude_keywords", ["chứng khoán"]);
    const query = page.locator('[data-query-field="query"]');
    await query.getByRole("checkbox").check();
    await query.locator("textarea").fill("(Vinamilk OR VNM");
    expect(await query.getByRole("status").textContent()).toBe(
      lang === "vi" ? "Dấu ngoặc đơn chưa được đóng (ở vị trí 1)" : "A parenthesis is not closed (at position 1)",
    );
    await query.locator("textarea").fill('(Vinamilk OR VNM) NEAR/5 sữa AND NOT "cổ phiếu"');
    expect(await query.getByRole("status").textContent()).toBe(
      lang === "vi"
        ? "Nghe sẽ tìm: “Vinamilk” hoặc “VNM” trong vòng 5 từ với “sữa”, không có “cổ phiếu”"
        : "Nghe will look for: “Vinamilk” or “VNM” within 5 words of “sữa”, without “cổ phiếu”",
    );
    await page.getByTestId("rules-preview").getByRole("button").click();
    await expect.poll(() => page.getByTestId("preview-brand").count()).toBe(2);
    await page.click('button[type="submit"]');
    await page.getByTestId("toast-success").waitFor();
    const shown = await (await fetch(`${suite.server.url}/api/project`, { headers: { authorization: `Bearer ${token}` } })).json();
    expect(shown.data.project.exclude_keywords).toEqual(["cổ phiếu", "chứng khoán"]);
    expect(shown.data.project.query).toBe('(Vinamilk OR VNM) NEAR/5 sữa AND NOT "cổ phiếu"');
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    await excluded.scrollIntoViewIfNeeded();
    await screenshot(page, `project-settings-exclusions-${lang}-${width}`);
    await context.close();
  },
);
