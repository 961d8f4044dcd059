import { describe, expect, it } from "vitest";
import { DEFAULT_FEATURES, extractFeatures, FeatureBuffer, type FeatureConfig } from "./features.ts";

function features(text: string, cfg: FeatureConfig = DEFAULT_FEATURES): Map<number, number> {
  const buf = new FeatureBuffer();
  extractFeatures(text, buf, cfg);
  const out = new Map<number, number>();
  for (let i = 0; i < buf.length; i++) out.set(buf.hashes[i], (out.get(buf.hashes[i]) ?? 0) + buf.values[i]);
  return out;
}

const shared = (a: Map<number, number>, b: Map<number, number>) => [...a.keys()].filter((h) => b.has(h)).length;
const only = (group: keyof FeatureConfig): FeatureConfig => ({
  ...DEFAULT_FEATURES,
  words: 0,
  bigrams: 0,
  unaccentedWords: 0,
  unaccentedBigrams: 0,
  negation: 0,
  chars: 0,
  [group]: 1,
});

describe("sentiment features", () => {
  it("are deterministic", () => {
    expect(features("Sản phẩm tốt, giao hàng nhanh!")).toEqual(features("Sản phẩm tốt, giao hàng nhanh!"));
  });

  it("give text typed without diacritics the same unaccented word features", () => {
    const cfg = only("unaccentedWords");
    expect(features("hàng rất tốt", cfg)).toEqual(features("hang rat tot", cfg));
    expect(shared(features("hàng rất tốt"), features("hang rat tot"))).toBeGreaterThan(5);
  });

  it("expand teencode before hashing (ko → không)", () => {
    expect(features("ko tốt")).toEqual(features("không tốt"));
  });

  it("mark the words after a negator, up to the next punctuation", () => {
    const cfg = only("negation");
    expect(features("tốt", cfg).size).toBe(0);
    const negated = features("không tốt", cfg);
    expect(negated.size).toBe(1);
    expect(features("không tốt, đẹp", cfg)).toEqual(negated);
    expect(features("không hài lòng", cfg).size).toBe(3); // two syllables and their bigram
  });

  it("scale every group to unit length, whatever the text length", () => {
    const cfg = only("chars");
    for (const text of ["ok", "điện thoại dùng rất mượt, pin trâu, camera chụp đẹp ".repeat(20)]) {
      const buf = new FeatureBuffer();
      extractFeatures(text, buf, cfg);
      let sum = 0;
      for (let i = 0; i < buf.length; i++) sum += buf.values[i] ** 2;
      expect(sum).toBeCloseTo(1, 5);
    }
  });
});
