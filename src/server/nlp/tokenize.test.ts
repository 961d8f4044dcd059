import { describe, expect, it } from "vitest";
import { extractHashtags, tokenize, tokenizeClauses, tokenizeTyped } from "./tokenize";

describe("tokenize", () => {
  it("splits normalized text into syllables and drops punctuation", () => {
    expect(tokenize("Sữa tươi Vinamilk: ngon, rẻ!!! Hoà cả làng...")).toEqual([
      "sữa",
      "tươi",
      "vinamilk",
      "ngon",
      "rẻ",
      "hòa",
      "cả",
      "làng",
    ]);
  });

  it("keeps URLs, @handles, #hashtags and numbers as single tokens", () => {
    expect(tokenize("Xem @thegioididong #iPhone15 giá 25.990.000đ tại https://tgdd.vn/iphone-15 nhé")).toEqual([
      "xem",
      "@thegioididong",
      "#iphone15",
      "giá",
      "25.990.000",
      "đ",
      "tại",
      "url",
      "nhé",
    ]);
  });

  it("expands teencode and maps emoji to tokens", () => {
    expect(tokenize("sp ko đc như qc 😡")).toEqual(["sản", "phẩm", "không", "được", "như", "quảng", "cáo", "emo_angry"]);
  });

  it("flags the kind of each token", () => {
    expect(tokenizeTyped("Grab 2 lần #grabfood @grab.vn 😂 https://grab.com 3,5 sao").map((t) => t.kind)).toEqual([
      "word",
      "number",
      "word",
      "hashtag",
      "handle",
      "emoji",
      "url",
      "number",
      "word",
    ]);
  });

  it("reads styled digits outside the BMP as a number", () => {
    expect(tokenizeTyped("giảm 𝟓𝟎 nghìn").map((t) => t.kind)).toEqual(["word", "number", "word"]);
  });

  it("keeps letters and digits of model names together", () => {
    expect(tokenize("Galaxy S24 Ultra vs iPhone 15")).toEqual(["galaxy", "s24", "ultra", "với", "iphone", "15"]);
  });
});

describe("tokenizeClauses", () => {
  it("splits clauses at punctuation and line breaks", () => {
    const clauses = tokenizeClauses("Giao hàng nhanh, đóng gói kỹ\nShop nhiệt tình").map((c) => c.map((t) => t.text).join(" "));
    expect(clauses).toEqual(["giao hàng nhanh", "đóng gói kỹ", "shop nhiệt tình"]);
  });
});

describe("extractHashtags", () => {
  it("returns normalized hashtags with Vietnamese letters, keeping #", () => {
    expect(extractHashtags("Yêu #SữaTươi #Vinamilk và #HoàBình, không phải #123 hay &#39;")).toEqual(["#sữatươi", "#vinamilk", "#hoàbình"]);
  });
});
