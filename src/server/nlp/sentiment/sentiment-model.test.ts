import { describe, expect, it } from "vitest";
import { DEFAULT_FEATURES, extractFeatures, FeatureBuffer, idf, vectorUnitHash, type FeatureConfig } from "./features.ts";
import type { Head, ModelParts } from "./model-format.ts";
import { SentimentModel } from "./sentiment-model.ts";

// Hand-sized heads over accented word unigrams (and word vectors), so expected scores can be written out.
const NONE: FeatureConfig = { ...DEFAULT_FEATURES, words: 0, bigrams: 0, unaccentedWords: 0, unaccentedBigrams: 0, negation: 0, chars: 0 };
const WORDS = { ...NONE, words: 2 };

function hashOf(word: string): number {
  const buf = new FeatureBuffer();
  extractFeatures(word, buf, WORDS);
  return buf.hashes[0];
}

function head(features: FeatureConfig, entries: [number, number[], number][], bias: number[], temperature: number): Head {
  const sorted = [...entries].sort((a, b) => a[0] - b[0]);
  return {
    features,
    hashes: Uint32Array.from(sorted, (e) => e[0]),
    docFreq: Uint32Array.from(sorted, (e) => e[2]),
    documents: 1000,
    outputs: bias.length,
    weights: Float32Array.from(sorted.flatMap((e) => e[1])),
    bias,
    temperature,
  };
}

// General: "tốt" (df 10) pushes positive, "tệ" (df 100) negative. News: "phạt" negative; the word vectors of
// "thu hồi" and "kỷ lục" (idf 1 in the mean group). Domain: "đồng" makes a text news (p ≈ 1), else p ≈ 0.
const GOOD = [0, 2, -1];
const BAD = [0, -1, 3];
const parts = (stack = [0, 0, 0, 0, 0, 0, 0, 0, 0]): ModelParts => ({
  features: { ...NONE, words: 1, vectors: 1 },
  general: head(
    WORDS,
    [
      [hashOf("tốt"), GOOD, 10],
      [hashOf("tệ"), BAD, 100],
    ],
    [0.5, 0, 0],
    2,
  ),
  news: head(
    { ...NONE, words: 1, vectors: 1 },
    [
      [hashOf("phạt"), [0, -1, 2], 1000],
      [vectorUnitHash("thu hồi"), [0, 0, 2], 1000],
      [vectorUnitHash("kỷ lục"), [0, 2, 0], 1000],
    ],
    [0, 0, 0],
    1,
  ),
  domain: head({ ...NONE, words: 1 }, [[hashOf("đồng"), [40], 1000]], [-20], 1),
  stack,
  // Consumer: "tăng giá" is a complaint in a consumer's mouth; reads the general head through its own stack.
  consumer: head(WORDS, [[hashOf("giá"), [0, 0, 1], 1000]], [0, 0, 0], 1),
  consumerStack: [1, 0, 0, 0, 1, 0, 0, 0, 1],
  // One star: evidence for negative; five stars: for positive.
  ratingEvidence: [0, -1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, -1],
  info: {},
});
const model = new SentimentModel(parts());

const softmax = (z: number[], t = 1) => {
  const e = z.map((v) => Math.exp(v / t));
  const s = e.reduce((a, b) => a + b, 0);
  return e.map((v) => v / s);
};
const expectScores = (text: string, expected: number[], m = model) =>
  m.classify(text).scores.forEach((s, c) => expect(s).toBeCloseTo(expected[c], 6));

describe("SentimentModel", () => {
  it("scores reviews with the general head: log-tf·idf, unit length per group, times the group weight", () => {
    const vGood = (1 + Math.log(2)) * idf(10, 1000);
    const vBad = idf(100, 1000);
    const norm = Math.hypot(vGood, vBad);
    // Unknown words ("hàng", "nhưng") count neither in the sum nor in the length.
    const z = [0, 1, 2].map((c) => [0.5, 0, 0][c] + (2 * (vGood * GOOD[c] + vBad * BAD[c])) / norm);
    expectScores("hàng tốt, tốt nhưng tệ", softmax(z, 2));
    expect(model.newsShare("hàng tốt, tốt nhưng tệ")).toBeLessThan(1e-6);
  });

  it("ignores words the model does not know", () => {
    expect(model.classify("tốt")).toEqual(model.classify("rất tốt"));
    expectScores("tốt", softmax([0.5, 4, -2], 2));
  });

  it("lets a negated word count against itself", () => {
    expectScores("không tệ", softmax([0.5, 2, -6], 2));
    expect(model.classify("không tệ").label).toBe(1);
  });

  it("falls back to the general head's bias on unknown text", () => {
    expectScores("xyz", softmax([0.5, 0, 0], 2));
    expect(model.classify("xyz").label).toBe(0);
  });

  it("reads news with the news head", () => {
    expect(model.newsShare("phạt 1 tỷ đồng")).toBeGreaterThan(1 - 1e-6);
    expectScores("phạt 1 tỷ đồng", softmax([0, -1, 2]));
    // "tốt" means nothing to the news head without the general head's help.
    expectScores("đồng tốt", softmax([0, 0, 0]));
  });

  it("gives the news head the mean weight of the word vectors it knows", () => {
    expectScores("đồng thu hồi", softmax([0, 0, 2]));
    expectScores("đồng thu hồi kỷ lục", softmax([0, 1, 1]));
  });

  it("passes the general head's log-probabilities to the news head through the stack", () => {
    const stacked = new SentimentModel(parts([1, 0, 0, 0, 1, 0, 0, 0, 1]));
    expectScores("đồng tốt", softmax([0.5, 4, -2], 2), stacked);
  });

  it("reads a consumer's text with the consumer head, and news by the news head alone, when the source says so", () => {
    const general = softmax([0.5, 4, -2], 2).map(Math.log);
    const consumer = [0, 1, 2].map((c) => general[c] + (c === 2 ? 2 : 0));
    const m = new SentimentModel(parts());
    for (const context of [{ kind: "review" as const }, { kind: "comment" as const }, { channel: "facebook" }, { channel: 14 }])
      m.classify("tốt giá", context).scores.forEach((s, c) => expect(s).toBeCloseTo(softmax(consumer)[c], 6));
    expect(m.classifyWithNewsShare("tốt giá", { kind: "review" }).newsShare).toBe(0);
    // Without the source, "tốt giá" is a review read by the general head alone (p ≈ 0); a paper's text by the news head.
    expectScores("tốt giá", softmax([0.5, 4, -2], 2));
    m.classify("phạt", { channel: "paper" }).scores.forEach((s, c) => expect(s).toBeCloseTo(softmax([0, -1, 2])[c], 6));
  });

  it("reads a person's post on a social channel by the consumer and news heads, mixed by how news-like it is", () => {
    const m = new SentimentModel(parts());
    const post = { channel: "facebook", kind: "post" as const };
    // Own words (p ≈ 0): the consumer head's reading; a retold headline (p ≈ 1): the news head's.
    const own = m.classify("tốt giá", { kind: "comment" }).scores;
    m.classify("tốt giá", post).scores.forEach((s, c) => expect(s).toBeCloseTo(own[c], 6));
    m.classify("phạt đồng", post).scores.forEach((s, c) => expect(s).toBeCloseTo(softmax([0, -1, 2])[c], 6));
    expect(m.classifyWithNewsShare("phạt đồng", post).newsShare).toBeGreaterThan(1 - 1e-6);
    const retold = m.explain("phạt đồng", post);
    expect(retold.label).toBe(2);
    expect(retold.top.map((t) => t.text)).toEqual(["phạt"]);
    // A review is the writer's own, whatever it says.
    const review = { channel: "review-app", kind: "post" as const };
    expect(m.classify("phạt đồng", review).scores).toEqual(m.classify("phạt đồng", { kind: "review" }).scores);
  });

  it("adds a review's stars as evidence", () => {
    const oneStar = model.classify("xyz", { rating: 1 }).scores;
    const expected = softmax([0.5, 0, 0], 2).map((p, c) => Math.log(p) + [0, -1, 1][c]);
    oneStar.forEach((s, c) => expect(s).toBeCloseTo(softmax(expected)[c], 6));
    expect(model.classify("xyz", { rating: 3 })).toEqual(model.classify("xyz"));
    expect(model.classify("xyz", { rating: 7 })).toEqual(model.classify("xyz"));
  });

  it("gives the same answer for the same text, whatever came before", () => {
    const first = model.classify("tốt tốt tệ");
    for (let i = 0; i < 1000; i++) model.classify(i % 2 ? "tệ đồng" : "tốt quá tốt");
    expect(model.classify("tốt tốt tệ")).toEqual(first);
  });

  it("explains a label by the words and phrases that pushed it", () => {
    const review = model.explain("Sản phẩm tốt, giao hàng nhanh");
    expect(review.label).toBe(1);
    expect(review.scores).toEqual(model.classify("Sản phẩm tốt, giao hàng nhanh").scores);
    expect(review.top.map((t) => t.text)).toEqual(["tốt"]);
    const news = model.explain("Đồng loạt thu hồi");
    expect(news.label).toBe(2);
    expect(news.top.map((t) => t.text)).toEqual(["thu hồi"]);
    expect(news.top[0].weight).toBeGreaterThan(0);
    expect(model.explain("xyz").top).toEqual([]);
  });
});
