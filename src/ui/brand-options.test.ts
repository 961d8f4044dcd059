import { expect, test } from "vitest";
import { brandOptions } from "./brand-options.ts";

test("brands are in Vietnamese alphabetical order with Khác last, values as numbers", () => {
  const options = brandOptions({
    "0": "Khác",
    "12": "Vinamilk",
    "7": "Đất Xanh",
    "3": "Bảo Việt",
    "5": "Dược Hậu Giang",
    "9": "Viettel",
    "4": "Ăn Ngon",
    "2": "An Khang",
  });
  expect(options.map((o) => o.label)).toEqual([
    "An Khang",
    "Ăn Ngon",
    "Bảo Việt",
    "Dược Hậu Giang",
    "Đất Xanh",
    "Viettel",
    "Vinamilk",
    "Khác",
  ]);
  expect(options.find((o) => o.label === "Vinamilk")?.value).toBe(12);
  expect(options.at(-1)?.value).toBe(0);
});

test("the catch-all entry is last whatever its label says", () => {
  const options = brandOptions({ "0": "Other", "1": "Zalo", "2": "Acecook" });
  expect(options.map((o) => o.value)).toEqual([2, 1, 0]);
});

test("Khác stays last even where the alphabet would put it first", () => {
  expect(brandOptions({ "0": "Khác", "4": "Lavie", "8": "Kinh Đô" }).map((o) => o.label)).toEqual(["Kinh Đô", "Lavie", "Khác"]);
});

test("no brands, no options", () => {
  expect(brandOptions({})).toEqual([]);
});
