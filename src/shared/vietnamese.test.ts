import { expect, test } from "vitest";
import { compareVietnamese, keywordKey, searchKey } from "./vietnamese.ts";

test("keyword identity ignores case, Unicode form and tone-mark placement, not diacritics", () => {
  expect(keywordKey("Hoà Phát")).toBe(keywordKey("hòa  phát"));
  expect(keywordKey("Ho\u0300a Pha\u0301t")).toBe(keywordKey("hòa phát"));
  expect(keywordKey("THUÝ")).toBe(keywordKey("thúy"));
  expect(keywordKey("mắm")).not.toBe(keywordKey("mâm"));
});

test("search keys match with or without diacritics", () => {
  expect(searchKey("Sữa tươi")).toBe(searchKey("sua tuoi"));
  expect(searchKey("Đất Xanh")).toBe("dat xanh");
  expect(searchKey("Sữa-tươi,  VINAMILK!")).toBe("sua tuoi vinamilk");
});

test("Vietnamese alphabetical order", () => {
  const brands = ["Ô tô Trường Hải", "Đất Xanh", "Vinamilk", "Dược Hậu Giang", "Ăn Ngon", "An Khang", "Bảo Việt"];
  expect([...brands].sort(compareVietnamese)).toEqual([
    "An Khang",
    "Ăn Ngon",
    "Bảo Việt",
    "Dược Hậu Giang",
    "Đất Xanh",
    "Ô tô Trường Hải",
    "Vinamilk",
  ]);
});
