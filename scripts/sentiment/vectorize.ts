import {
  extractFeatures,
  FeatureBuffer,
  GROUPS,
  idf,
  MEAN_GROUPS,
  tf,
  type FeatureConfig,
} from "../../src/server/nlp/sentiment/features.ts";
import type { Example } from "./datasets.ts";
import type { SparseRows } from "./softmax-regression.ts";

export interface Vocabulary {
  /** Feature hash → column, in ascending hash order. */
  columns: Map<number, number>;
  /** Document frequency per column. */
  docFreq: Uint32Array;
  documents: number;
}

const isMean = (buf: FeatureBuffer, g: number) => MEAN_GROUPS.has(GROUPS[buf.groupId[g]]);

/**
 * Features seen in at least `minDocs` of the training texts, with their document frequencies. Mean groups (word
 * vectors) take their features from `fixed` instead, with a document frequency of every text (idf 1).
 */
export function buildVocabulary(texts: string[], cfg: FeatureConfig, minDocs: number, fixed: Iterable<number> = []): Vocabulary {
  const docFreq = new Map<number, number>();
  const buf = new FeatureBuffer();
  const seen = new Set<number>();
  for (const text of texts) {
    extractFeatures(text, buf, cfg);
    seen.clear();
    let start = 0;
    for (let g = 0; g < buf.groups; g++) {
      if (!isMean(buf, g)) for (let i = start; i < buf.groupEnd[g]; i++) seen.add(buf.hashes[i]);
      start = buf.groupEnd[g];
    }
    for (const h of seen) docFreq.set(h, (docFreq.get(h) ?? 0) + 1);
  }
  for (const [h, df] of docFreq) if (df < minDocs) docFreq.delete(h);
  for (const h of fixed) docFreq.set(h, texts.length);
  const columns = new Map<number, number>();
  const dfs: number[] = [];
  for (const [h, df] of [...docFreq].sort((a, b) => a[0] - b[0])) {
    columns.set(h, columns.size);
    dfs.push(df);
  }
  return { columns, docFreq: Uint32Array.from(dfs), documents: texts.length };
}

/**
 * Rows of known features, weighted exactly as SentimentModel does: per group, signed occurrence counts →
 * sign·(1 + ln|count|) · idf, scaled to unit length (mean groups: counts divided by their sum), times the group
 * weight. `weights` start at 1.
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
      const mean = isMean(buf, g);
      const from = values.length;
      let norm = 0;
      for (const [col, c] of counts) {
        const v = mean ? c : tf(c) * idfs[col];
        if (v === 0) continue;
        indices.push(col);
        values.push(v);
        norm += mean ? Math.abs(v) : v * v;
      }
      const scale = norm > 0 ? buf.groupWeight[g] / (mean ? norm : Math.sqrt(norm)) : 0;
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

/**
 * Replaces the columns in `projected` (column → row of `basis`, `dim` wide) by `dim` dense columns appended after the
 * others — Σ value·basis row — and appends `extra` dense columns (row-major, `extraWidth` per row). A linear model
 * on the result has, for a projected column, the weight (its coefficients on the dense columns) · basis row.
 */
export function withDenseColumns(
  rows: SparseRows,
  projected: Map<number, number>,
  basis: Float32Array,
  dim: number,
  extra: Float64Array,
  extraWidth: number,
): SparseRows {
  const n = rows.labels.length;
  const width = dim + extraWidth;
  const offsets = new Int32Array(n + 1);
  const indices: number[] = [];
  const values: number[] = [];
  const dense = new Float64Array(dim);
  for (let r = 0; r < n; r++) {
    dense.fill(0);
    for (let p = rows.offsets[r]; p < rows.offsets[r + 1]; p++) {
      const b = projected.get(rows.indices[p]);
      if (b === undefined) {
        indices.push(rows.indices[p]);
        values.push(rows.values[p]);
      } else for (let k = 0; k < dim; k++) dense[k] += rows.values[p] * basis[b * dim + k];
    }
    for (let k = 0; k < dim; k++) {
      indices.push(rows.features + k);
      values.push(dense[k]);
    }
    for (let k = 0; k < extraWidth; k++) {
      indices.push(rows.features + dim + k);
      values.push(extra[r * extraWidth + k]);
    }
    offsets[r + 1] = indices.length;
  }
  return {
    offsets,
    indices: Int32Array.from(indices),
    values: Float32Array.from(values),
    labels: rows.labels,
    weights: rows.weights,
    features: rows.features + width,
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
