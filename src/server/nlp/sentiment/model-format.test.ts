import { describe, expect, it } from "vitest";
import { DEFAULT_FEATURES } from "./features.ts";
import { decodeModel, encodeModel, type ModelParts } from "./model-format.ts";

const parts: ModelParts = {
  features: DEFAULT_FEATURES,
  hashes: Uint32Array.from([3, 200, 70_000, 2 ** 31, 2 ** 32 - 1]),
  docFreq: Uint32Array.from([1, 127, 128, 40_000, 2]),
  documents: 43_000,
  weights: Float32Array.from([0.5, -1.25, 0, 2, -2, 0.001, 1e-6, 0.3, -0.3, 1.5, 1.5, -1.5, 0.75, 0, -0.75]),
  bias: [0.1, -0.2, 0.3],
  temperature: 1.35,
  info: { note: "test" },
};

describe("sentiment model file", () => {
  it("round-trips hashes exactly and weights within int16 quantisation", () => {
    const back = decodeModel(encodeModel(parts));
    expect(Array.from(back.hashes)).toEqual(Array.from(parts.hashes));
    expect(Array.from(back.docFreq)).toEqual(Array.from(parts.docFreq));
    expect(back.documents).toBe(43_000);
    const step = 2 / 32767;
    back.weights.forEach((w, i) => expect(Math.abs(w - parts.weights[i])).toBeLessThanOrEqual(step));
    expect(back.bias).toEqual(parts.bias);
    expect(back.temperature).toBe(1.35);
    expect(back.features).toEqual(DEFAULT_FEATURES);
    expect(back.info).toEqual({ note: "test" });
  });

  it("rejects other files and truncated ones", () => {
    expect(() => decodeModel(new TextEncoder().encode("PK\u0003\u0004 not a model"))).toThrow(/not a sentiment model/);
    const bytes = encodeModel(parts);
    expect(() => decodeModel(bytes.subarray(0, bytes.length - 2))).toThrow();
    expect(() => decodeModel(bytes.subarray(0, 30))).toThrow();
  });
});
