import { describe, expect, it } from "vitest";
import { topWords } from "./top-words";

const reviews = [
  "Sữa tươi Vinamilk ngon, giao hàng nhanh lắm 👍 #vinamilk",
  "Mình uống sữa tươi Vinamilk mỗi ngày, giao hàng hơi chậm nhưng ok #Vinamilk #suatuoi",
  "Sữa tươi không đường của TH true milk cũng ngon, 2 hộp 50k, size M https://shopee.vn/th",
  "@bachhoaxanh giao hàng trễ quá :( sữa bị móp 😡",
];

describe("topWords", () => {
  const { words, hashtags } = topWords(reviews);
  const terms = words.map((w) => w.term);

  it("counts frequent two-syllable phrases and credits their syllables to the phrase", () => {
    expect(words).toContainEqual({ term: "sữa tươi", count: 3 });
    expect(words).toContainEqual({ term: "giao hàng", count: 3 });
    expect(terms).not.toContain("tươi");
    expect(words).toContainEqual({ term: "sữa", count: 1 });
    expect(words).toContainEqual({ term: "vinamilk", count: 2 });
  });

  it("ranks by count", () => {
    expect(words[0].count).toBeGreaterThanOrEqual(words.at(-1)!.count);
    expect(terms.slice(0, 2).sort()).toEqual(["giao hàng", "sữa tươi"]);
  });

  it("never lists stop words, numbers, URL pieces, handles, emoji or single letters", () => {
    for (const banned of ["không", "của", "mình", "lắm", "2", "50k", "url", "shopee", "@bachhoaxanh", "emo_like", "emo_sad", "m"]) {
      expect(terms).not.toContain(banned);
    }
    expect(terms.every((t) => !t.startsWith("#"))).toBe(true);
  });

  it("does not join phrases across punctuation or stop words", () => {
    expect(terms).not.toContain("ngon giao");
    expect(terms).not.toContain("hàng nhanh");
  });

  it("counts hashtags separately, case-insensitively", () => {
    expect(hashtags).toEqual([
      { term: "#vinamilk", count: 2 },
      { term: "#suatuoi", count: 1 },
    ]);
  });

  it("honours the limit", () => {
    expect(topWords(reviews, { limit: 3 }).words).toHaveLength(3);
  });
});
