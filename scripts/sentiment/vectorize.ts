import { extractFeatures, FeatureBuffer, type FeatureConfig } from "../../src/server/nlp/sentiment/features.ts";
import type { Example } from "./datasets.ts";
import type { SparseRows } from "./softmax-regression.ts";

/** Feature hash → column, for hashes seen in at least `minDocs` training documents. */
export function buildVocabulary(texts: string[], cfg: FeatureConfig, minDocs: number): Map<number, number> {
  const docFreq = new Map<number, number>();
  const buf = new FeatureBuffer();
  const seen = new Set<number>();
  for (const text of texts) {
    extractFeatures(text, buf, cfg);
    seen.clear();
    for (let i = 0; i < buf.length; i++) seen.add(buf.hashes[i]);
    for (const h of seen) docFreq.set(h, (docFreq.get(h) ?? 0) + 1);
  }
  const vocab = new Map<number, number>();
  for (const [h, df] of docFreq) if (df >= minDocs) vocab.set(h, vocab.size);
  return vocab;
}

/** Rows of known features; `weights` start at 1 (callers set them). */
export function vectorize(examples: Example[], vocab: Map<number, number>, cfg: FeatureConfig): SparseRows {
  const buf = new FeatureBuffer();
  const offsets = new Int32Array(examples.length + 1);
  let indices: number[] = [];
  let values: number[] = [];
  const chunksI: Int32Array[] = [];
  const chunksV: Float32Array[] = [];
  let total = 0;
  examples.forEach((ex, row) => {
    extractFeatures(ex.text, buf, cfg);
    for (let i = 0; i < buf.length; i++) {
      const col = vocab.get(buf.hashes[i]);
      if (col === undefined) continue;
      indices.push(col);
      values.push(buf.values[i]);
    }
    if (indices.length > 1 << 20) {
      chunksI.push(Int32Array.from(indices));
      chunksV.push(Float32Array.from(values));
      total += indices.length;
      indices = [];
      values = [];
    }
    offsets[row + 1] = total + indices.length;
  });
  chunksI.push(Int32Array.from(indices));
  chunksV.push(Float32Array.from(values));
  return {
    offsets,
    indices: concat(chunksI, Int32Array),
    values: concat(chunksV, Float32Array),
    labels: Uint8Array.from(examples, (e) => e.label),
    weights: new Float64Array(examples.length).fill(1),
    features: vocab.size,
  };
}

function concat<T extends Int32Array | Float32Array>(chunks: T[], Ctor: new (n: number) => T): T {
  const out = new Ctor(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
