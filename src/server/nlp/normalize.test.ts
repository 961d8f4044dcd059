import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { foldToneMarks, lowerVi, nfc, normalizeForAnalysis, normalizeForMatch, unaccent } from "./normalize";
import { TEENCODE } from "./teencode";

describe("nfc", () => {
  it("composes decomposed Vietnamese into single code units", () => {
    const decomposed = "Vie\u0302\u0323t Nam";
    expect(nfc(decomposed)).toBe("Việt Nam");
    expect(nfc(decomposed)).toHaveLength(8);
  });
});

describe("foldToneMarks", () => {
  it.each([
    ["hoà", "hòa"],
    ["hòa", "hòa"],
    ["Hoà", "Hòa"],
    ["HOÀ", "HÒA"],
    ["thuý", "thúy"],
    ["khoẻ", "khỏe"],
    ["tuỳ", "tùy"],
    ["loà", "lòa"],
    ["hoè", "hòe"],
    ["uỷ ban", "ủy ban"],
    ["Thuỷ", "Thủy"],
  ])("moves the mark of an open oa/oe/uy to the main vowel: %s → %s", (input, expected) => {
    expect(foldToneMarks(input)).toBe(expected);
  });

  it.each([
    ["cuả", "của"],
    ["muà", "mùa"],
    ["ngòai", "ngoài"],
    ["ngừơi", "người"],
    ["gìa", "già"],
    ["qủa", "quả"],
  ])("repairs misplaced marks: %s → %s", (input, expected) => expect(foldToneMarks(input)).toBe(expected));

  it.each(["quý", "quỳnh", "gìn", "già", "hoàng", "toán", "khuỷu", "nguyễn", "thuở", "người", "hoạch", "café", "Việt"])(
    "keeps already canonical or foreign words: %s",
    (word) => expect(foldToneMarks(word)).toBe(word),
  );

  it("preserves length and everything around the syllables", () => {
    const text = "Sức khoẻ là vàng! Tuỳ bạn, ❤️hoà cả làng :) 100%";
    expect(foldToneMarks(text)).toBe("Sức khỏe là vàng! Tùy bạn, ❤️hòa cả làng :) 100%");
    expect(foldToneMarks(text)).toHaveLength(text.length);
  });
});

describe("lowerVi", () => {
  it("lowercases Vietnamese capitals including Đ", () => {
    expect(lowerVi("ĐẶNG THỊ HƯƠNG Ở ĐÀ NẴNG")).toBe("đặng thị hương ở đà nẵng");
  });

  it("never changes the length", () => {
    expect(lowerVi("İstanbul")).toHaveLength(8);
  });
});

describe("unaccent", () => {
  it("removes every diacritic and maps đ to d", () => {
    expect(unaccent("Sữa tươi Đà Lạt, ủy ban, ngoài, khuỷu")).toBe("Sua tuoi Da Lat, uy ban, ngoai, khuyu");
  });

  it("keeps the length of NFC input", () => {
    const text = "Những người bạn đồng hành";
    expect(unaccent(text)).toHaveLength(text.length);
  });
});

describe("normalizeForMatch", () => {
  it("gives both tone-mark placements and any case one form", () => {
    expect(normalizeForMatch("HOÀ BÌNH")).toBe(normalizeForMatch("hòa bình"));
  });

  it("keeps offsets of nfc(text) even for decomposed input", () => {
    const text = "Kho\u0300a ho\u0323c Vie\u0302\u0323t";
    expect(normalizeForMatch(text)).toBe("khòa học việt");
    expect(normalizeForMatch(text)).toHaveLength(nfc(text).length);
  });
});

describe("normalizeForAnalysis", () => {
  it("expands teencode and abbreviations", () => {
    expect(normalizeForAnalysis("Sp ok nhưng ship ko nhanh, đc cái rẻ. Mn thấy j?")).toBe(
      "sản phẩm ok nhưng ship không nhanh, được cái rẻ. mọi người thấy gì?",
    );
  });

  it("maps emoji and emoticons to tokens", () => {
    expect(normalizeForAnalysis("Yêu Vinamilk ❤️ :)) nhưng giao chậm :( 😡")).toBe(
      "yêu vinamilk emo_love emo_smile nhưng giao chậm emo_sad emo_angry",
    );
    expect(normalizeForAnalysis("ok 👍🏻 <3 :D =)) ^^")).toBe("ok emo_like emo_love emo_smile emo_smile emo_smile");
  });

  it("does not read times or numbers as emoticons", () => {
    expect(normalizeForAnalysis("Mở cửa 10:30, giá 2.000đ")).toBe("mở cửa 10:30, giá 2.000đ");
  });

  it("replaces URLs and e-mail addresses", () => {
    expect(normalizeForAnalysis("Mua ở https://shopee.vn/sua-tuoi?id=1 hoặc www.bachhoaxanh.com, mail cskh@vinamilk.com.vn")).toBe(
      "mua ở url hoặc url , mail url",
    );
  });

  it("keeps @handles and #hashtags as their own tokens, untouched by teencode", () => {
    expect(normalizeForAnalysis("cảm ơn @vinamilk.official, vì #SữaTươi#ko")).toBe("cảm ơn @vinamilk.official , vì #sữatươi #ko");
  });

  it("squeezes elongated letters before looking up teencode", () => {
    expect(normalizeForAnalysis("Ngonnnn quáaaa, khongggg chê được")).toBe("ngon quá, không chê được");
    expect(normalizeForAnalysis("kkkkk hahaha")).toBe("emo_smile emo_smile");
    expect(normalizeForAnalysis("xoong coffee 1000")).toBe("xoong coffee 1000");
  });

  it("collapses whitespace", () => {
    expect(normalizeForAnalysis("  Bách   Hóa\n\tXanh  ")).toBe("bách hóa xanh");
  });

  it("leaves words that are only names of JavaScript object members alone", () => {
    expect(normalizeForAnalysis("constructor __proto__ toString ko")).toBe("constructor __proto__ tostring không");
  });
});

describe("TEENCODE", () => {
  it("has at least 60 entries, all in canonical normalized form", () => {
    const entries = Object.entries(TEENCODE);
    expect(entries.length).toBeGreaterThanOrEqual(60);
    for (const [short, full] of entries) {
      expect(normalizeForMatch(short)).toBe(short);
      expect(normalizeForMatch(full)).toBe(full);
    }
  });

  it("is documented entry by entry in docs/nlp/normalization.md", () => {
    const doc = readFileSync(new URL("../../../docs/nlp/normalization.md", import.meta.url), "utf8");
    for (const short of Object.keys(TEENCODE)) expect(doc).toContain(`\`${short}\``);
  });
});
