import { describe, expect, it } from "vitest";
import { segment, segmentTokens } from "./segment";

describe("segment", () => {
  it("cuts a sentence into whole words, as written and in order, multi-syllable words joined by one space", () => {
    expect(segment("Hàng loạt phụ huynh phản ánh sữa tươi có mùi lạ,  yêu cầu   thu hồi")).toEqual([
      "Hàng loạt",
      "phụ huynh",
      "phản ánh",
      "sữa tươi",
      "có",
      "mùi",
      "lạ",
      "yêu cầu",
      "thu hồi",
    ]);
    expect(segment("Không thể chấp nhận chuyện phô mai có dị vật, cơ quan chức năng vào cuộc")).toEqual([
      "Không thể",
      "chấp nhận",
      "chuyện",
      "phô mai",
      "có",
      "dị vật",
      "cơ quan chức năng",
      "vào cuộc",
    ]);
  });

  it("prefers the reading that leaves no word cut in two", () => {
    expect(segment("Giao hàng nhanh, bao bì đẹp, hạn sử dụng còn dài")).toEqual([
      "Giao hàng",
      "nhanh",
      "bao bì",
      "đẹp",
      "hạn sử dụng",
      "còn",
      "dài",
    ]);
    expect(segment("các doanh nghiệp sữa bàn về tiêu chuẩn mới")).toEqual(["các", "doanh nghiệp", "sữa", "bàn", "về", "tiêu chuẩn", "mới"]);
  });

  it("finds words whatever the tone-mark placement", () => {
    expect(segment("hoà bình, hòa bình, thuỷ thủ, thủy thủ")).toEqual(["hoà bình", "hòa bình", "thuỷ thủ", "thủy thủ"]);
  });

  it("finds words in text typed without diacritics", () => {
    expect(segment("sua tuoi giao hang nhanh qua, bao bi dep")).toEqual(["sua tuoi", "giao hang", "nhanh", "qua", "bao bi", "dep"]);
  });

  it("keeps capitalised names whole, without the capital of a sentence start", () => {
    expect(segment("Ông Nguyễn Văn Nam ở Cần Thơ mua sữa. Bà Lã Thị Kim Oanh cũng vậy")).toEqual([
      "Ông",
      "Nguyễn Văn Nam",
      "ở",
      "Cần Thơ",
      "mua",
      "sữa",
      "Bà",
      "Lã Thị Kim Oanh",
      "cũng",
      "vậy",
    ]);
    expect(
      segmentTokens("Gặp chị Lan Anh ở Hà Nội")
        .filter((s) => s.kind === "name")
        .map((s) => s.text),
    ).toEqual(["Lan Anh", "Hà Nội"]);
  });

  it("does not take a Title Case post for one long name", () => {
    expect(segment("Review Sữa Tươi Có Đường Có Ngon Không")).toContain("Sữa Tươi");
    expect(segment("Review Sữa Tươi Có Đường Có Ngon Không")).toContain("Ngon");
  });

  it("matches the caller's brand names and keywords first, each as one word, with or without diacritics", () => {
    const phrases = ["TH true MILK", "Viettel", "sữa tươi", "iPhone 15"];
    expect(segment("Tẩy chay TH True Milk, dùng Viettelpay mua iPhone 15 và sua tuoi", { phrases })).toEqual([
      "Tẩy chay",
      "TH True Milk",
      "dùng",
      "Viettelpay",
      "mua",
      "iPhone 15",
      "và",
      "sua tuoi",
    ]);
    expect(segmentTokens("Mạng Viettel chậm", { phrases }).find((s) => s.text === "Viettel")?.kind).toBe("phrase");
    const cola = segmentTokens("Uống coca-cola, Coca Cola và Coca-Cola", { phrases: ["Coca-Cola"] });
    expect(cola.filter((s) => s.kind === "phrase").map((s) => s.text)).toEqual(["coca-cola", "Coca Cola", "Coca-Cola"]);
    // A syllable with diacritics must agree with the keyword's: "sửa tươi" is not "sữa tươi".
    expect(segmentTokens("sửa tươi", { phrases }).some((s) => s.kind === "phrase")).toBe(false);
    expect(segmentTokens("Sữa tuoi", { phrases }).some((s) => s.kind === "phrase")).toBe(false);
    expect(segmentTokens("Sua tuoi", { phrases }).some((s) => s.kind === "phrase")).toBe(true);
  });

  it("keeps numbers, URLs, e-mail addresses, hashtags and @mentions whole; punctuation and emoji are not words", () => {
    const text =
      "Giá 2.000.000đ, giảm 30% từ 30/4/2025 tại https://shopee.vn/sua-tuoi?x=1 hay lienhe@vinamilk.com.vn #SuaTuoi @bachhoaxanh 😍😍";
    expect(segment(text)).toEqual([
      "Giá",
      "2.000.000đ",
      "giảm",
      "30%",
      "từ",
      "30/4/2025",
      "tại",
      "https://shopee.vn/sua-tuoi?x=1",
      "hay",
      "lienhe@vinamilk.com.vn",
      "#SuaTuoi",
      "@bachhoaxanh",
    ]);
    const kinds = Object.fromEntries(segmentTokens(text).map((s) => [s.text, s.kind]));
    expect(kinds).toMatchObject({
      "2.000.000đ": "number",
      "https://shopee.vn/sua-tuoi?x=1": "url",
      "#SuaTuoi": "hashtag",
      "@bachhoaxanh": "handle",
      "😍😍": "punct",
    });
  });

  it("never joins syllables across punctuation or a line break", () => {
    expect(segment("sữa\ntươi, giao-hàng")).toEqual(["sữa", "tươi", "giao-hàng"]);
    expect(segment("Bà Rịa-Vũng Tàu")).toEqual(["Bà Rịa", "Vũng Tàu"]);
  });

  it("joins full reduplications", () => {
    expect(segment("đi từ từ thôi")).toEqual(["đi", "từ từ", "thôi"]);
  });

  it("gives offsets into the NFC text", () => {
    const decomposed = "Sữa tươi ngon".normalize("NFD");
    const [first] = segmentTokens(decomposed);
    expect(first).toMatchObject({ text: "Sữa tươi", start: 0, end: 8, kind: "word" });
    expect(segment("")).toEqual([]);
  });
});
