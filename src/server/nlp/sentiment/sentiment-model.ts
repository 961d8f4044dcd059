import { extractFeatures, FeatureBuffer, idf, tf } from "./features.ts";
import type { ModelParts } from "./model-format.ts";

export type SentimentLabel = 0 | 1 | 2;

export interface SentimentResult {
  /** 0 neutral, 1 positive, 2 negative. */
  label: SentimentLabel;
  /** Probabilities for [neutral, positive, negative]; they sum to 1. */
  scores: [number, number, number];
}

// One 32-byte slot per feature: key, the three weights times the feature's idf, idf², and two scratch words (the
// text stamp and the signed occurrence count) used while scoring one text, so a lookup touches one cache line.
const SLOT = 8;
const KEY = 0;
const IDF2 = 4;
const STAMP = 5;
const COUNT = 6;

// tf(c) for small signed counts (nearly all of them), at TF[c + 64].
const TF = Float64Array.from({ length: 129 }, (_, i) => tf(i - 64));
const tfOf = (c: number) => (c > -64 && c < 64 ? TF[c + 64] : tf(c));

/**
 * A loaded linear model over log-tf·idf features, each group scaled to unit length (only the features the model
 * knows count towards the length, as in training). Open addressing with linear probing; hash 0 marks an empty
 * slot (a feature whose hash is 0, one in four billion, is dropped). Not re-entrant: one text at a time.
 */
export class SentimentModel {
  private readonly keys: Uint32Array;
  private readonly ints: Int32Array;
  private readonly table: Float32Array;
  private readonly mask: number;
  private readonly buf = new FeatureBuffer();
  private stamp = 0;

  constructor(private readonly parts: ModelParts) {
    let capacity = 1;
    while (capacity < parts.hashes.length * 1.6) capacity *= 2;
    this.mask = capacity - 1;
    const memory = new ArrayBuffer(capacity * SLOT * 4);
    this.keys = new Uint32Array(memory);
    this.ints = new Int32Array(memory);
    this.table = new Float32Array(memory);
    parts.hashes.forEach((h, i) => {
      if (h === 0) return;
      let slot = h & this.mask;
      while (this.keys[slot * SLOT] !== 0) slot = (slot + 1) & this.mask;
      const at = slot * SLOT;
      this.keys[at + KEY] = h;
      const f = idf(parts.docFreq[i], parts.documents);
      for (let c = 0; c < 3; c++) this.table[at + 1 + c] = parts.weights[i * 3 + c] * f;
      this.table[at + IDF2] = f * f;
    });
  }

  get info(): Record<string, unknown> {
    return this.parts.info;
  }

  /**
   * Raw class scores (before temperature and softmax). One pass over the occurrences: when a feature's count goes
   * from c to c', its value moves by (tf(c') − tf(c))·idf, so the dot products and the squared length of each group
   * are updated in place and the group is scaled at its end.
   */
  logits(text: string): [number, number, number] {
    const { bias, features } = this.parts;
    const { keys, ints, table, mask, buf } = this;
    extractFeatures(text, buf, features);
    if (this.stamp >= 0x7fffffff - buf.groups) {
      for (let at = STAMP; at < ints.length; at += SLOT) ints[at] = 0;
      this.stamp = 0;
    }
    let z0 = bias[0];
    let z1 = bias[1];
    let z2 = bias[2];
    let i = 0;
    for (let g = 0; g < buf.groups; g++) {
      const end = buf.groupEnd[g];
      const stamp = ++this.stamp;
      let sumSquares = 0;
      let a0 = 0;
      let a1 = 0;
      let a2 = 0;
      for (; i < end; i++) {
        const h = buf.hashes[i];
        let slot = h & mask;
        let key = keys[slot * SLOT];
        while (key !== h && key !== 0) {
          slot = (slot + 1) & mask;
          key = keys[slot * SLOT];
        }
        if (key === 0) continue;
        const at = slot * SLOT;
        const v = buf.values[i];
        if (ints[at + STAMP] !== stamp) {
          // First occurrence in this group (the common case): tf goes from 0 to ±1.
          ints[at + STAMP] = stamp;
          ints[at + COUNT] = v;
          sumSquares += table[at + IDF2];
          a0 += v * table[at + 1];
          a1 += v * table[at + 2];
          a2 += v * table[at + 3];
          continue;
        }
        const before = ints[at + COUNT];
        const after = before + v;
        ints[at + COUNT] = after;
        const t0 = tfOf(before);
        const t1 = tfOf(after);
        const d = t1 - t0;
        sumSquares += (t1 * t1 - t0 * t0) * table[at + IDF2];
        a0 += d * table[at + 1];
        a1 += d * table[at + 2];
        a2 += d * table[at + 3];
      }
      if (sumSquares <= 1e-12) continue;
      const scale = buf.groupWeight[g] / Math.sqrt(sumSquares);
      z0 += a0 * scale;
      z1 += a1 * scale;
      z2 += a2 * scale;
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
