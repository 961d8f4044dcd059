import { describe, expect, it } from "vitest";
import { DEFAULT_FEATURES } from "./features.ts";
import { decodeModel, encodeModel, type Head, type ModelParts } from "./model-format.ts";

const head = (outputs: number, weights: number[]): Head => ({
  features: DEFAULT_FEATURES,
  hashes: Uint32Array.from([3, 200, 70_000, 2 ** 31, 2 ** 32 - 1]),
  docFreq: Uint32Array.from([1, 127, 128, 40_000, 2]),
  documents: 43_000,
  outputs,
  weights: Float32Array.from(weights),
  bias: Array.from({ length: outputs }, (_, k) => k / 10 - 0.1),
  temperature: 1.35,
});

const parts: ModelParts = {
  features: DEFAULT_FEATURES,
  general: head(3, [0.5, -1.25, 0, 2, -2, 0.001, 1e-6, 0.3, -0.3, 1.5, 1.5, -1.5, 0.75, 0, -0.75]),
  news: { ...head(3, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]), features: { ...DEFAULT_FEATURES, vectors: 3 } },
  domain: head(1, [0.25, -0.5, 4, -4, 0]),
  stack: [1, 0, 0, 0, 0.5, 0, 0, 0, -0.25],
  consumer: head(3, [3, 2, 1, 0, -1, -2, -3, 4, 5, 6, 7, 8, 9, 10, 11]),
  consumerStack: [0.5, 0, 0, 0, 1, 0, 0, 0, 2],
  ratingEvidence: [-1, -2, 3, 0, 0, 0, 0.5, 0, -0.5, 0, 1, -1, -0.25, 2, -3],
  info: { note: "test" },
};

describe("sentiment model file", () => {
  it("round-trips every head: hashes exactly, weights within int16 quantisation", () => {
    const back = decodeModel(encodeModel(parts));
    for (const name of ["general", "news", "domain", "consumer"] as const) {
      const [a, b] = [parts[name], back[name]];
      expect(Array.from(b.hashes)).toEqual(Array.from(a.hashes));
      expect(Array.from(b.docFreq)).toEqual(Array.from(a.docFreq));
      expect(b.documents).toBe(43_000);
      expect(b.outputs).toBe(a.outputs);
      const step = Math.max(...Array.from(a.weights, Math.abs)) / 32767;
      b.weights.forEach((w, i) => expect(Math.abs(w - a.weights[i])).toBeLessThanOrEqual(step));
      expect(b.bias).toEqual(a.bias);
      expect(b.temperature).toBe(1.35);
      expect(b.features).toEqual(a.features);
    }
    expect(back.stack).toEqual(parts.stack);
    expect(back.consumerStack).toEqual(parts.consumerStack);
    expect(back.ratingEvidence).toEqual(parts.ratingEvidence);
    expect(back.info).toEqual({ note: "test" });
  });

  it("rejects other files and truncated ones", () => {
    expect(() => decodeModel(new TextEncoder().encode("PK\u0003\u0004 not a model"))).toThrow(/not a sentiment model/);
    const bytes = encodeModel(parts);
    expect(() => decodeModel(bytes.subarray(0, bytes.length - 2))).toThrow();
    expect(() => decodeModel(bytes.subarray(0, 30))).toThrow();
  });
});
