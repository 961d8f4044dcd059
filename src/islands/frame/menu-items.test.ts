import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { messages } from "../../i18n/index.ts";
import { MENU_ITEMS } from "./menu-items.ts";

/** The title key a screen's page passes to its layout, read from the page itself. */
function pageTitleKey(path: string): string | undefined {
  const page = readFileSync(new URL(`../../pages/[...lang]${path}/index.astro`, import.meta.url), "utf8");
  return /titleKey="([^"]+)"/.exec(page)?.[1];
}

test("each screen's menu entry says what the screen's own title says, in both languages", () => {
  const screens = MENU_ITEMS.filter((item) => ["overview", "mention", "audience", "crisis"].includes(item.id));
  for (const item of screens) expect(item.label, item.path).toBe(pageTitleKey(item.path));
  expect(screens.map((item) => messages.en[item.label])).toEqual(["Overview", "Mentions", "Demographics", "Crisis Management"]);
  expect(screens.map((item) => messages.vi[item.label])).toEqual(["Tổng quan", "Đề cập", "Nhân khẩu học", "Quản lý khủng hoảng"]);
});
