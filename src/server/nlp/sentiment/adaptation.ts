import { DEFAULT_FEATURES, extractFeatures, FeatureBuffer, type FeatureConfig, tf } from "./features.ts";
import { type ReadingContext, writerOf } from "./reading-context.ts";
import type { SentimentLabel, SentimentModel, SentimentResult } from "./sentiment-model.ts";

/**
 * A sparse residual on a frozen base model's log-scores, learnt from one account's corrections
 * (docs/models/corrections.md): log-scores = log p_base(text) + s(text)·W·x(text), x the text's word and bigram
 * features (log-tf, unit length per group) and s the residual's scale (baseReading): the base's news share for a text
 * whose writer is unknown, so that reviews and comments read without their source (news share near 0) keep the base
 * reading, and 1 for a text whose source says who wrote it. Only features seen in the corrections have weights, so texts that
 * share none of their words keep the base reading exactly. Anchors (news texts nobody corrected) hold the residual to
 * the base reading: the corrections are all texts the model read wrong, and fitted alone they teach their words to
 * pull every text away from the base (learning without forgetting, Li & Hoiem 2016).
 */
export interface Adaptation {
  /** Extraction parameters; only the word and bigram groups are on. */
  features: FeatureConfig;
  /** Sorted ascending, unique. */
  hashes: Uint32Array;
  /** weights[i * 3 + c] for hashes[i] and class c (neutral, positive, negative). */
  weights: Float32Array;
}

const ADAPTATION_FEATURES: FeatureConfig = {
  ...DEFAULT_FEATURES,
  words: 1,
  bigrams: 1,
  unaccentedWords: 0,
  unaccentedBigrams: 0,
  negation: 0,
  chars: 0,
  vectors: 0,
};

/** The base model's reading of a text: its probabilities (the fixed offsets) and the residual's scale on it. */
type BaseReading = Pick<SentimentResult, "scores"> & { scale: number };

/**
 * The base reading of a text and the residual's scale on it. Without the text's source, its news share: the words of
 * brand coverage also occur in reviews, and unscaled they moved the review sets. With it, 1: the source says which head
 * reads the text (coverage the news head, a consumer's comment or review the consumer head), and a correction of a
 * consumer's text, fitted at the same scale, is what the account says of its own customers' voice. At the news share
 * a consumer's text (share 0 when routed) would never be moved by any correction.
 */
export function baseReading(model: SentimentModel, text: string, context?: ReadingContext): BaseReading {
  const { newsShare, ...reading } = model.classifyWithNewsShare(text, context);
  return { ...reading, scale: writerOf(context) ? 1 : newsShare };
}

export interface CorrectionExample {
  text: string;
  label: SentimentLabel;
  base: BaseReading;
}

/** A text nobody corrected: the fit is penalised by how far it moves the base reading (KL divergence). */
export interface AnchorExample {
  text: string;
  base: BaseReading;
}

interface FitOptions {
  /** L2 penalty on W against the summed (not mean) log-loss: larger keeps the residual closer to the base. */
  l2?: number;
  iterations?: number;
  anchors?: readonly AnchorExample[];
}

const buffer = new FeatureBuffer();

/** The text's features as (hash → value): log-tf per group, each group scaled to unit length times its weight. */
export function adaptationFeatures(text: string, cfg: FeatureConfig = ADAPTATION_FEATURES): Map<number, number> {
  extractFeatures(text, buffer, cfg);
  const out = new Map<number, number>();
  let i = 0;
  for (let g = 0; g < buffer.groups; g++) {
    const counts = new Map<number, number>();
    for (; i < buffer.groupEnd[g]; i++) counts.set(buffer.hashes[i], (counts.get(buffer.hashes[i]) ?? 0) + buffer.values[i]);
    let squares = 0;
    for (const c of counts.values()) squares += tf(c) ** 2;
    if (squares === 0) continue;
    const k = buffer.groupWeight[g] / Math.sqrt(squares);
    for (const [h, c] of counts) if (c !== 0) out.set(h, (out.get(h) ?? 0) + tf(c) * k);
  }
  return out;
}

const logOf = (p: number) => Math.log(Math.max(p, 1e-300));

function softmaxInto(z: Float64Array, out: Float64Array): void {
  const m = Math.max(z[0], z[1], z[2]);
  let sum = 0;
  for (let c = 0; c < 3; c++) sum += out[c] = Math.exp(z[c] - m);
  for (let c = 0; c < 3; c++) out[c] /= sum;
}

/**
 * Multinomial logistic regression of the corrections' labels (and the anchors' base readings, as soft targets) on
 * s·x with the base log-probabilities as fixed offsets and an L2 penalty, by Nesterov-accelerated gradient
 * descent: the objective is smooth with constant ½·λmax(XᵀX) + l2 (a softmax's log-loss has curvature at most ½) and
 * l2-strongly convex, so a fixed step and momentum converge fast and deterministically.
 */
export function fitAdaptation(
  corrections: readonly CorrectionExample[],
  { l2 = 1, iterations = 300, anchors = [] }: FitOptions = {},
): Adaptation {
  const columns = new Map<number, number>();
  const correctionRows = corrections.map((e) => adaptationFeatures(e.text));
  for (const row of correctionRows) for (const h of row.keys()) if (!columns.has(h)) columns.set(h, columns.size);
  const hashes = Uint32Array.from(columns.keys()).sort();
  hashes.forEach((h, j) => columns.set(h, j));
  // Only the corrections' features have weights: an anchor counts with those of its features only.
  const examples = [...corrections, ...anchors];
  const rows = [...correctionRows, ...anchors.map((a) => new Map([...adaptationFeatures(a.text)].filter(([h]) => columns.has(h))))];
  // An anchor's target is the base reading itself: its gradient is p − p_base, zero until the residual moves it.
  const targets = examples.map((e) =>
    "label" in e ? Float64Array.from([0, 1, 2], (c) => (c === e.label ? 1 : 0)) : Float64Array.from(e.base.scores),
  );
  const start = new Int32Array(rows.length + 1);
  rows.forEach((row, i) => (start[i + 1] = start[i] + row.size));
  const col = new Int32Array(start[rows.length]);
  const val = new Float64Array(start[rows.length]);
  rows.forEach((row, i) => {
    let at = start[i];
    for (const [h, v] of row) {
      col[at] = columns.get(h)!;
      val[at++] = v * examples[i].base.scale;
    }
  });
  const offsets = examples.map((e) => e.base.scores.map(logOf));
  const F = hashes.length;
  const lipschitz = 0.5 * largestEigenvalue(start, col, val, F) + l2;
  const momentum = (Math.sqrt(lipschitz) - Math.sqrt(l2)) / (Math.sqrt(lipschitz) + Math.sqrt(l2));

  let w = new Float64Array(F * 3);
  let previous = new Float64Array(F * 3);
  const y = new Float64Array(F * 3);
  const grad = new Float64Array(F * 3);
  const z = new Float64Array(3);
  const p = new Float64Array(3);
  for (let it = 0; it < iterations; it++) {
    for (let k = 0; k < y.length; k++) y[k] = w[k] + momentum * (w[k] - previous[k]);
    for (let k = 0; k < y.length; k++) grad[k] = l2 * y[k];
    for (let i = 0; i < rows.length; i++) {
      for (let c = 0; c < 3; c++) z[c] = offsets[i][c];
      for (let at = start[i]; at < start[i + 1]; at++) for (let c = 0; c < 3; c++) z[c] += val[at] * y[col[at] * 3 + c];
      softmaxInto(z, p);
      for (let c = 0; c < 3; c++) p[c] -= targets[i][c];
      for (let at = start[i]; at < start[i + 1]; at++) for (let c = 0; c < 3; c++) grad[col[at] * 3 + c] += val[at] * p[c];
    }
    [previous, w] = [w, previous];
    for (let k = 0; k < y.length; k++) w[k] = y[k] - grad[k] / lipschitz;
  }
  return { features: ADAPTATION_FEATURES, hashes, weights: Float32Array.from(w) };
}

// λmax(XᵀX) by power iteration, rounded up by a tenth: a slightly small step only slows the descent down.
function largestEigenvalue(start: Int32Array, col: Int32Array, val: Float64Array, columns: number): number {
  if (columns === 0) return 0;
  let v = new Float64Array(columns).fill(1 / Math.sqrt(columns));
  let lambda = 0;
  for (let it = 0; it < 50; it++) {
    const next = new Float64Array(columns);
    for (let i = 0; i + 1 < start.length; i++) {
      let xv = 0;
      for (let at = start[i]; at < start[i + 1]; at++) xv += val[at] * v[col[at]];
      for (let at = start[i]; at < start[i + 1]; at++) next[col[at]] += val[at] * xv;
    }
    let squares = 0;
    for (const x of next) squares += x * x;
    const norm = Math.sqrt(squares);
    if (norm === 0) return 0;
    lambda = norm;
    v = next.map((x) => x / norm);
  }
  return lambda * 1.1;
}

/** The base model with the residual added: same contract as the base classifier. */
export function adapt(
  base: (text: string, context?: ReadingContext) => BaseReading,
  adaptation: Adaptation,
): (text: string, context?: ReadingContext) => SentimentResult {
  const index = new Map<number, number>();
  adaptation.hashes.forEach((h, i) => index.set(h, i));
  return (text, context) => {
    const { scores, scale } = base(text, context);
    const z = Float64Array.from(scores, logOf);
    for (const [h, v] of adaptationFeatures(text, adaptation.features)) {
      const i = index.get(h);
      if (i !== undefined) for (let c = 0; c < 3; c++) z[c] += scale * v * adaptation.weights[i * 3 + c];
    }
    const p = new Float64Array(3);
    softmaxInto(z, p);
    const label: SentimentLabel = p[0] >= p[1] && p[0] >= p[2] ? 0 : p[1] >= p[2] ? 1 : 2;
    return { label, scores: [p[0], p[1], p[2]] };
  };
}

// Layout (little-endian): magic "NGHEAD01" | u32 header length | header JSON | u32 per hash | 3 float32 per hash.
const MAGIC = "NGHEAD01";

export function encodeAdaptation(a: Adaptation): Uint8Array {
  const header = new TextEncoder().encode(JSON.stringify({ features: a.features, count: a.hashes.length }));
  const at = MAGIC.length + 4 + header.length;
  const out = new Uint8Array(at + a.hashes.length * 16);
  const view = new DataView(out.buffer);
  out.set(new TextEncoder().encode(MAGIC), 0);
  view.setUint32(MAGIC.length, header.length, true);
  out.set(header, MAGIC.length + 4);
  a.hashes.forEach((h, i) => view.setUint32(at + i * 4, h, true));
  const weightsAt = at + a.hashes.length * 4;
  a.weights.forEach((w, i) => view.setFloat32(weightsAt + i * 4, w, true));
  return out;
}

export function decodeAdaptation(bytes: Uint8Array): Adaptation {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < MAGIC.length + 4 || new TextDecoder().decode(bytes.subarray(0, MAGIC.length)) !== MAGIC)
    throw new Error("not a sentiment adaptation");
  const headerLength = view.getUint32(MAGIC.length, true);
  const at = MAGIC.length + 4 + headerLength;
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(MAGIC.length + 4, at))) as { features: FeatureConfig; count: number };
  if (bytes.length !== at + header.count * 16) throw new Error("sentiment adaptation has the wrong length");
  const hashes = Uint32Array.from({ length: header.count }, (_, i) => view.getUint32(at + i * 4, true));
  const weightsAt = at + header.count * 4;
  const weights = Float32Array.from({ length: header.count * 3 }, (_, i) => view.getFloat32(weightsAt + i * 4, true));
  return { features: header.features, hashes, weights };
}
