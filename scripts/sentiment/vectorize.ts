import { extractFeatures, FeatureBuffer, idf, tf, type FeatureConfig } from "../../src/server/nlp/sentiment/features.ts";
import type { Example } from "./datasets.ts";
import type { SparseRows } from "./softmax-regression.ts";

export interface Vocabulary {
  /** Feature hash → column. */
  columns: Map<number, number>;
  /** Document frequency per column. */
  docFreq: Uint32Array;
  documents: number;
}

/** Features seen in at least `minDocs` of the training texts, with their document frequencies. */
export function buildVocabulary(texts: string[], cfg: FeatureConfig, minDocs: number): Vocabulary {
  const docFreq = new Map<number, number>();
  const buf = new FeatureBuffer();
  const seen = new Set<number>();
  for (const text of texts) {
    extractFeatures(text, buf, cfg);
    seen.clear();
    for (let i = 0; i < buf.length; i++) seen.add(buf.hashes[i]);
    for (const h of seen) docFreq.set(h, (docFreq.get(h) ?? 0) + 1);
  }
  const columns = new Map<number, number>();
  const dfs: number[] = [];
  for (const [h, df] of [...docFreq].sort((a, b) => a[0] - b[0]))
    if (df >= minDocs) {
      columns.set(h, columns.size);
      dfs.push(df);
    }
  return { columns, docFreq: Uint32Array.from(dfs), documents: texts.length };
}

/**
 * Rows of known features, weighted exactly as SentimentModel.logits does: per group, signed occurrence counts →
 * sign·(1 + ln|count|) · idf, scaled to unit length, times the group weight. `weights` start at 1.
 */
export function vectorize(examples: Example[], vocab: Vocabulary, cfg: FeatureConfig): SparseRows {
  const buf = new FeatureBuffer();
  const idfs = Float64Array.from(vocab.docFreq, (df) => idf(df, vocab.documents));
  const offsets = new Int32Array(examples.length + 1);
  const indices: number[] = [];
  const values: number[] = [];
  const chunksI: Int32Array[] = [];
  const chunksV: Float32Array[] = [];
  let total = 0;
  const counts = new Map<number, number>();
  examples.forEach((ex, row) => {
    extractFeatures(ex.text, buf, cfg);
    let start = 0;
    for (let g = 0; g < buf.groups; g++) {
      counts.clear();
      for (let i = start; i < buf.groupEnd[g]; i++) {
        const col = vocab.columns.get(buf.hashes[i]);
        if (col !== undefined) counts.set(col, (counts.get(col) ?? 0) + buf.values[i]);
      }
      start = buf.groupEnd[g];
      const from = values.length;
      let sumSquares = 0;
      for (const [col, c] of counts) {
        const v = tf(c) * idfs[col];
        if (v === 0) continue;
        indices.push(col);
        values.push(v);
        sumSquares += v * v;
      }
      const scale = sumSquares > 0 ? buf.groupWeight[g] / Math.sqrt(sumSquares) : 0;
      for (let p = from; p < values.length; p++) values[p] *= scale;
    }
    if (indices.length > 1 << 20) {
      chunksI.push(Int32Array.from(indices));
      chunksV.push(Float32Array.from(values));
      total += indices.length;
      indices.length = 0;
      values.length = 0;
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
    features: vocab.columns.size,
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
