import { expect, test } from "vitest";
import { keywordHashtag, keywordHashtags } from "./instagram-hashtags.ts";

test("a keyword becomes its hashtag: lowercase, no diacritics, đ as d, no spaces", () => {
  expect(keywordHashtag("Cà Phê Sáng")).toBe("caphesang");
  expect(keywordHashtag("Đà Nẵng")).toBe("danang");
  expect(keywordHashtag("  bánh mì   Hội-An ")).toBe("banhmihoian");
  expect(keywordHashtag("!!!")).toBe("");
});

test("the keywords' hashtags are distinct, empty ones left out", () => {
  expect(keywordHashtags(["Phở Hà Nội", "pho ha noi", "…", "Bún Bò"])).toEqual(["phohanoi", "bunbo"]);
});
