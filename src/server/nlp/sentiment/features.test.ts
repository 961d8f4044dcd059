import { describe, expect, it } from "vitest";
import {
  DEFAULT_FEATURES,
  extractFeatures,
  FeatureBuffer,
  GROUPS,
  type Group,
  idf,
  tf,
  vectorUnitHash,
  withGroups,
  type FeatureConfig,
} from "./features.ts";

function features(text: string, cfg: FeatureConfig = DEFAULT_FEATURES): Map<number, number> {
  const buf = new FeatureBuffer();
  extractFeatures(text, buf, cfg);
  const out = new Map<number, number>();
  for (let i = 0; i < buf.length; i++) out.set(buf.hashes[i], (out.get(buf.hashes[i]) ?? 0) + buf.values[i]);
  return out;
}

const shared = (a: Map<number, number>, b: Map<number, number>) => [...a.keys()].filter((h) => b.has(h)).length;
const only = (group: Group): FeatureConfig => withGroups({ [group]: 1 });

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

  it("count a negated word against itself in the word groups, when negationFlip is on", () => {
    const cfg = only("words");
    const hashOf = (text: string) => [...features(text, cfg).keys()];
    const [tot] = hashOf("tốt");
    expect(features("không tốt", cfg).get(tot)).toBe(-1);
    expect(features("tốt mà không tốt", cfg).get(tot)).toBe(0);
    expect(features("không tốt", { ...cfg, negationFlip: false }).get(tot)).toBe(1);
  });

  it("mark where each group ends, with its weight and name", () => {
    const buf = new FeatureBuffer();
    extractFeatures("hàng tốt", buf, { ...DEFAULT_FEATURES, bigrams: 0, chars: 0.5 });
    expect(buf.groups).toBe(GROUPS.length - 2); // no bigrams, no vectors
    expect(Array.from(buf.groupWeight.subarray(0, buf.groups))).toEqual([1, 1, 1, 1, 0.5]);
    expect(Array.from(buf.groupId.subarray(0, buf.groups), (id) => GROUPS[id])).toEqual([
      "words",
      "unaccentedWords",
      "unaccentedBigrams",
      "negation",
      "chars",
    ]);
    expect(buf.groupEnd[0]).toBe(2); // hàng, tốt
    expect(buf.groupEnd[buf.groups - 1]).toBe(buf.length);
    for (let g = 1; g < buf.groups; g++) expect(buf.groupEnd[g]).toBeGreaterThanOrEqual(buf.groupEnd[g - 1]);
  });

  it("give every syllable and every pair of adjacent syllables a word-vector unit, not across punctuation", () => {
    const units = features("Vinamilk thu hồi sữa, xin lỗi", only("vectors"));
    for (const unit of ["vinamilk", "thu", "thu hồi", "hồi sữa", "xin lỗi"]) expect(units.has(vectorUnitHash(unit))).toBe(true);
    expect(units.has(vectorUnitHash("sữa xin"))).toBe(false);
    expect(units.size).toBe(10); // 6 syllables, 4 pairs
  });

  it("record which tokens each occurrence covers, when asked", () => {
    const buf = new FeatureBuffer(true);
    extractFeatures("không tốt", buf, { ...only("bigrams"), chars: 1 });
    expect(buf.tokens).toEqual(["không", "tốt"]);
    const spans = Array.from({ length: buf.length }, (_, i) => [buf.spanStart[i], buf.spanEnd[i]]);
    expect(spans.slice(0, 3)).toEqual([
      [0, 1],
      [0, 2],
      [1, 2],
    ]); // <s> không, không tốt, tốt </s>
    const chars = spans.slice(buf.groupEnd[0]);
    expect(chars).toContainEqual([0, 1]); // " kh"
    expect(chars).toContainEqual([0, 2]); // "g t"
    expect(chars.every(([from, to]) => from >= 0 && to <= 2 && from < to)).toBe(true);
  });

  it("weight counts sublinearly and rare features more", () => {
    expect(tf(1)).toBe(1);
    expect(tf(3)).toBeCloseTo(1 + Math.log(3), 12);
    expect(tf(-2)).toBeCloseTo(-1 - Math.log(2), 12);
    expect(tf(0)).toBe(0);
    expect(idf(1, 1000)).toBeGreaterThan(idf(100, 1000));
    expect(idf(1000, 1000)).toBeCloseTo(1, 2);
  });
});
