import { describe, expect, it } from "vitest";
import { DEFAULT_FEATURES, extractFeatures, FeatureBuffer, idf, type FeatureConfig } from "./features.ts";
import { SentimentModel } from "./sentiment-model.ts";

// Only the accented word unigrams, so the expected logits can be written out by hand.
const WORDS_ONLY: FeatureConfig = {
  ...DEFAULT_FEATURES,
  bigrams: 0,
  unaccentedWords: 0,
  unaccentedBigrams: 0,
  negation: 0,
  chars: 0,
  words: 2,
};

function hashOf(word: string): number {
  const buf = new FeatureBuffer();
  extractFeatures(word, buf, WORDS_ONLY);
  return buf.hashes[0];
}

// "tốt" (df 10) pushes positive, "tệ" (df 100) negative; 1000 training texts.
const [good, bad] = [hashOf("tốt"), hashOf("tệ")];
const sorted = [good, bad].sort((a, b) => a - b);
const weightsOf = (h: number) => (h === good ? [0, 2, -1] : [0, -1, 3]);
const model = new SentimentModel({
  features: WORDS_ONLY,
  hashes: Uint32Array.from(sorted),
  docFreq: Uint32Array.from(sorted, (h) => (h === good ? 10 : 100)),
  documents: 1000,
  weights: Float32Array.from(sorted.flatMap(weightsOf)),
  bias: [0.5, 0, 0],
  temperature: 2,
  info: {},
});

describe("SentimentModel", () => {
  it("scores log-tf·idf features scaled to unit length per group, times the group weight", () => {
    const vGood = (1 + Math.log(2)) * idf(10, 1000);
    const vBad = idf(100, 1000);
    const norm = Math.hypot(vGood, vBad);
    const expected = [0, 1, 2].map((c) => [0.5, 0, 0][c] + (2 * (vGood * weightsOf(good)[c] + vBad * weightsOf(bad)[c])) / norm);
    // Unknown words ("hàng", "nhưng") count neither in the sum nor in the length.
    const z = model.logits("hàng tốt, tốt nhưng tệ");
    z.forEach((v, c) => expect(v).toBeCloseTo(expected[c], 5));
  });

  it("ignores words the model does not know", () => {
    expect(model.logits("tốt")).toEqual(model.logits("rất tốt"));
    const z = model.logits("tốt");
    [0.5, 4, -2].forEach((v, c) => expect(z[c]).toBeCloseTo(v, 5));
  });

  it("lets a negated word count against itself", () => {
    const z = model.logits("không tệ");
    [0.5, 2, -6].forEach((v, c) => expect(z[c]).toBeCloseTo(v, 5));
  });

  it("applies the temperature to the softmax and falls back to the bias on unknown text", () => {
    const { label, scores } = model.classify("xyz");
    expect(label).toBe(0);
    const e = [Math.exp(0.25), 1, 1];
    const sum = e[0] + e[1] + e[2];
    scores.forEach((s, c) => expect(s).toBeCloseTo(e[c] / sum, 10));
  });

  it("gives the same answer for the same text, whatever came before", () => {
    const first = model.logits("tốt tốt tệ");
    for (let i = 0; i < 1000; i++) model.logits(i % 2 ? "tệ" : "tốt quá tốt");
    expect(model.logits("tốt tốt tệ")).toEqual(first);
  });
});
