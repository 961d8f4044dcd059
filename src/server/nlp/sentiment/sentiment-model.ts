import { extractFeatures, FeatureBuffer } from "./features.ts";
import type { ModelParts } from "./model-format.ts";

export type SentimentLabel = 0 | 1 | 2;

export interface SentimentResult {
  /** 0 neutral, 1 positive, 2 negative. */
  label: SentimentLabel;
  /** Probabilities for [neutral, positive, negative]; they sum to 1. */
  scores: [number, number, number];
}

/**
 * A loaded linear model. Lookups dominate the cost, so each slot of the open-addressing table holds the hash and
 * its three weights side by side: one cache line per feature. Hash 0 marks an empty slot (a feature whose hash is
 * 0, one in four billion, is dropped).
 */
export class SentimentModel {
  private readonly keys: Uint32Array;
  private readonly table: Float32Array;
  private readonly mask: number;
  private readonly buf = new FeatureBuffer();

  constructor(private readonly parts: ModelParts) {
    let capacity = 1;
    while (capacity < parts.hashes.length * 2) capacity *= 2;
    this.mask = capacity - 1;
    const memory = new ArrayBuffer(capacity * 16);
    this.keys = new Uint32Array(memory);
    this.table = new Float32Array(memory);
    parts.hashes.forEach((h, i) => {
      if (h === 0) return;
      let slot = h & this.mask;
      while (this.keys[slot * 4] !== 0) slot = (slot + 1) & this.mask;
      this.keys[slot * 4] = h;
      this.table.set(parts.weights.subarray(i * 3, i * 3 + 3), slot * 4 + 1);
    });
  }

  get info(): Record<string, unknown> {
    return this.parts.info;
  }

  /** Raw class scores (before temperature and softmax). */
  logits(text: string): [number, number, number] {
    const { bias, features } = this.parts;
    const { keys, table, mask, buf } = this;
    extractFeatures(text, buf, features);
    let z0 = bias[0];
    let z1 = bias[1];
    let z2 = bias[2];
    for (let i = 0; i < buf.length; i++) {
      const h = buf.hashes[i];
      let at = (h & mask) * 4;
      let key = keys[at];
      while (key !== h && key !== 0) {
        at = (at + 4) & (mask * 4 + 3);
        key = keys[at];
      }
      if (key === 0) continue;
      const v = buf.values[i];
      z0 += v * table[at + 1];
      z1 += v * table[at + 2];
      z2 += v * table[at + 3];
    }
    return [z0, z1, z2];
  }

  classify(text: string): SentimentResult {
    const t = this.parts.temperature;
    const [z0, z1, z2] = this.logits(text);
    const m = Math.max(z0, z1, z2);
    const e0 = Math.exp((z0 - m) / t);
    const e1 = Math.exp((z1 - m) / t);
    const e2 = Math.exp((z2 - m) / t);
    const sum = e0 + e1 + e2;
    const scores: [number, number, number] = [e0 / sum, e1 / sum, e2 / sum];
    const label: SentimentLabel = z0 >= z1 && z0 >= z2 ? 0 : z1 >= z2 ? 1 : 2;
    return { label, scores };
  }
}
