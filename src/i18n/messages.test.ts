import { expect, test } from "vitest";
import { type } from "arktype";
import { MessagesSchema, localePath, messages, splitLocalePath, translate } from "./index.ts";

test("every language has exactly the same keys", () => {
  const vi = Object.keys(messages.vi).sort();
  const en = Object.keys(messages.en).sort();
  expect(en.filter((k) => !vi.includes(k))).toEqual([]);
  expect(vi.filter((k) => !en.includes(k))).toEqual([]);
});

test("every file is flat, dotted, and has no empty value", () => {
  for (const [lang, file] of Object.entries(messages)) {
    const result = MessagesSchema(file);
    expect(result instanceof type.errors ? `${lang}: ${result.summary}` : "ok").toBe("ok");
  }
});

test("placeholders are the same in both languages", () => {
  const names = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
  for (const key of Object.keys(messages.vi) as (keyof typeof messages.vi)[]) {
    expect(names(messages.en[key]), key).toEqual(names(messages.vi[key]));
  }
});

test("spec texts and interpolation", () => {
  expect(translate("vi", "validation.required", { field: "Tên dự án" })).toBe("Tên dự án là bắt buộc");
  expect(translate("vi", "validation.format")).toBe("Sai định dạng");
  expect(translate("vi", "validation.keywords_min")).toBe("Ít nhất 1 từ khóa");
  expect(translate("en", "error.not_found_text")).toBe("This page could not be found");
  expect(translate("vi", "thankyou.heading")).toBe("Trân trọng cảm ơn");
});

test("locale paths", () => {
  expect(localePath("vi", "/login")).toBe("/login");
  expect(localePath("en", "/login")).toBe("/en/login");
  expect(splitLocalePath("/en/overview/facebook")).toEqual({ lang: "en", path: "/overview/facebook" });
  expect(splitLocalePath("/english")).toEqual({ lang: "vi", path: "/english" });
  expect(splitLocalePath("/en")).toEqual({ lang: "en", path: "/" });
  expect(splitLocalePath("/en/")).toEqual({ lang: "en", path: "/" });
  expect(splitLocalePath("/login/")).toEqual({ lang: "vi", path: "/login" });
});

test("the schema rejects empty values and keys that are not flat and dotted", () => {
  expect(MessagesSchema({ "menu.dashboard": "" }) instanceof type.errors).toBe(true);
  expect(MessagesSchema({ Menu: "Tổng quan" }) instanceof type.errors).toBe(true);
  expect(MessagesSchema({ menu: { dashboard: "x" } }) instanceof type.errors).toBe(true);
  expect(MessagesSchema({ "menu.dashboard": "Tổng quan" }) instanceof type.errors).toBe(false);
});
