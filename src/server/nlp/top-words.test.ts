import { describe, expect, it } from "vitest";
import { normalizeForMatch } from "./normalize";
import { topWords } from "./top-words";

// Real sentences of the kind the demo overview showed as nonsense, each written here with its words by hand
// ("|" between words). Stories arrive many times over, so some are repeated.
const SEGMENTED = [
  "Vinamilk | bị | tố | bán | sữa bột | kém | chất lượng | , | cơ quan chức năng | vào cuộc",
  "Tẩy chay | ngay | ! | Không thể | chấp nhận | chuyện | phô mai | có | dị vật",
  "Vinamilk | và | các | doanh nghiệp | sữa | bàn | về | tiêu chuẩn | an toàn thực phẩm | mới",
  "Shop | giao hàng | nhanh | , | bao bì | đẹp | , | hạn sử dụng | còn | dài",
  "Hàng loạt | phụ huynh | ở | Cần Thơ | phản ánh | sữa tươi | có | mùi | lạ | , | yêu cầu | thu hồi",
  "Cơ quan chức năng | đang | điều tra | vụ việc | ở | Cần Thơ",
  "Phô mai | hết | hạn sử dụng | vẫn | được | bày | bán | tại | siêu thị",
  "Người tiêu dùng | không thể | chấp nhận | cách | xử lý | chậm trễ | của | hãng",
  "Giao hàng | nhanh | lắm | , | bao bì | đẹp | , | sữa tươi | còn | hạn | dài | 👍",
  "Nhân viên | giao hàng | nhanh nhẹn | , | phô mai | ngon | , | cả | nhà | đều | thích | #phomai",
  "Đề nghị | cơ quan chức năng | thu hồi | toàn bộ | lô | sữa bột | này",
  "Mẹ | ở | Cần Thơ | mua | sữa chua | cho | con | thấy | bao bì | đẹp",
];
const sentences = SEGMENTED.map((s) =>
  s
    .split(" | ")
    .join(" ")
    .replace(/ ([,!])/g, "$1"),
);
const texts = [...sentences, ...sentences.slice(0, 5), ...sentences.slice(3, 6)];

/** Every run of whole consecutive words of the sentences, in cloud form. */
const wholeWordRuns = new Set(
  SEGMENTED.flatMap((s) => {
    const words = s.split(" | ").map((w) => normalizeForMatch(w));
    return words.flatMap((_, i) => words.slice(i).map((__, j) => words.slice(i, i + j + 1).join(" ")));
  }),
);

describe("topWords on real sentences", () => {
  const { words, hashtags } = topWords(texts, { limit: 200 });
  const terms = words.map((w) => w.term);

  it("lists only whole words and phrases of whole words, never a piece cut out of a word", () => {
    expect(terms.length).toBeGreaterThan(20);
    for (const term of terms) expect(wholeWordRuns, term).toContain(term);
  });

  it("shows none of the fragments seen on the demo overview, nor the filler 'và'", () => {
    const fragments = [
      "quan chức",
      "thể chấp",
      "tố bán",
      "sữa bàn",
      "hàng nhanh",
      "bì đẹp",
      "hạn sử",
      "dụng",
      "thơ",
      "phô",
      "năng",
      "thu",
      "cuộc",
      "và",
    ];
    for (const fragment of fragments) expect(terms).not.toContain(fragment);
  });

  it("counts the words the fragments came from", () => {
    for (const word of ["cơ quan chức năng", "chấp nhận", "hạn sử dụng", "cần thơ", "phô mai", "thu hồi", "vào cuộc", "doanh nghiệp"]) {
      expect(
        terms.some((t) => t === word || t.startsWith(`${word} `) || t.endsWith(` ${word}`)),
        word,
      ).toBe(true);
    }
  });

  it("counts a phrase of whole words that holds together, and credits its words to it", () => {
    expect(words).toContainEqual({ term: "bao bì đẹp", count: 5 });
    expect(terms).not.toContain("bao bì");
  });

  it("takes two words for a phrase only where people use them together in different sentences", () => {
    const { words: cloud } = topWords([
      "Hộp sữa có mùi lạ",
      "mùi lạ quá, không dám cho con uống",
      "Sữa bốc mùi lạ sau một ngày",
      "Shop A bị tố bán hàng giả",
      "Hãng B bị tố bán sữa kém chất lượng",
      "Cửa hàng C bị tố bán hàng hết hạn",
    ]);
    expect(cloud).toContainEqual({ term: "mùi lạ", count: 3 });
    expect(cloud.map((w) => w.term)).not.toContain("tố bán");
    expect(cloud).toContainEqual({ term: "tố", count: 3 });
  });

  it("keeps stop words, numbers, emoji and URL pieces out, and hashtags apart", () => {
    const { words: mixed, hashtags: tags } = topWords([
      "Mua 2 hộp sữa tươi 50k tại https://shopee.vn/sua-tuoi, ship nhanh lắm 😍 #SuaTuoi",
      "Sữa tươi thì cũng như vậy thôi, không có gì #suatuoi",
    ]);
    const mixedTerms = mixed.map((w) => w.term);
    for (const banned of ["2", "50k", "shopee", "url", "https", "vn", "emo_love", "thì", "cũng", "như vậy", "không", "có", "gì"])
      expect(mixedTerms).not.toContain(banned);
    expect(mixed).toContainEqual({ term: "sữa tươi", count: 2 });
    expect(tags).toEqual([{ term: "#suatuoi", count: 2 }]);
    expect(hashtags).toEqual([{ term: "#phomai", count: 1 }]);
  });

  it("counts text typed without diacritics with the same words written with them", () => {
    const { words: merged } = topWords([
      "Sữa tươi ngon quá",
      "Mua sữa tươi ở đâu?",
      "Bé uống sữa tươi hằng ngày",
      "Giá sữa tươi lại tăng",
      "sua tuoi ngon qua, het han roi",
    ]);
    expect(merged).toContainEqual({ term: "sữa tươi", count: 5 });
    expect(merged).toContainEqual({ term: "ngon", count: 2 });
    expect(merged.map((w) => w.term)).not.toContain("qua"); // read as "quá", a stop word
  });

  it("keeps the caller's brand names whole", () => {
    expect(topWords(["Tẩy chay TH true MILK", "TH True Milk ngon"], { phrases: ["TH true MILK"] }).words).toContainEqual({
      term: "th true milk",
      count: 2,
    });
  });

  it("ranks by count and honours the limit", () => {
    expect(words[0].count).toBeGreaterThanOrEqual(words.at(-1)!.count);
    expect(topWords(texts, { limit: 3 }).words).toHaveLength(3);
  });
});
