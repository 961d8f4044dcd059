import type { FeatureConfig } from "./features.ts";
import { NO_RATING_EVIDENCE } from "./reading-context.ts";

// Layout (little-endian): magic "NGHESA04" | u32 header length | header JSON | for each head in HEAD_NAMES order:
// feature hashes, ascending, as LEB128 deltas | document frequency per feature, LEB128 |
// `outputs` int16 per feature (× the head's weightScale).

/** One linear model over the shared features, with its own vocabulary, idf and group weights. */
export interface Head {
  /** Group weights of this head (0 = the head ignores the group); the extraction parameters are the model's. */
  features: FeatureConfig;
  /** Sorted ascending, unique. */
  hashes: Uint32Array;
  /** Training texts each feature occurs in (its idf follows from it and `documents`). */
  docFreq: Uint32Array;
  /** Number of training texts the document frequencies were counted over. */
  documents: number;
  /** 3 class logits (neutral, positive, negative) or 1 (the domain head's news-vs-general logit). */
  outputs: number;
  /** weights[i * outputs + k] for hashes[i]. */
  weights: Float32Array;
  bias: number[];
  /** Logits are divided by it before the softmax (calibrated); 1 for the domain head. */
  temperature: number;
}

export const HEAD_NAMES = ["general", "news", "domain", "consumer"] as const;
type HeadName = (typeof HEAD_NAMES)[number];

export interface ModelParts {
  /** Extraction parameters; a group is extracted when some head weighs it. */
  features: FeatureConfig;
  /** Reviews and comments: sentiment of the writer. */
  general: Head;
  /** News about companies: polarity toward the brand. */
  news: Head;
  /** Probability that a text reads like news (sigmoid of its one logit): the weight of the news head. */
  domain: Head;
  /** news logit c += Σ_j stack[c * 3 + j] · general log-probability j (what the general head knows, reused). */
  stack: number[];
  /** Consumers' own words toward a brand (comments, posts, reviews): read instead of the mix when the text is known to
   * be a consumer's. */
  consumer: Head;
  /** The consumer head's `stack`. */
  consumerStack: number[];
  /** What a review's stars add to the mixed log-scores: ratingEvidence[(stars − 1) * 3 + class], a log-likelihood
   * ratio counted on consumer reviews with stars (absent in older files: no evidence). */
  ratingEvidence: readonly number[];
  /** Free-form provenance (data, date, metrics) shown by tooling. */
  info: Record<string, unknown>;
}

interface HeadHeader {
  features: FeatureConfig;
  count: number;
  documents: number;
  outputs: number;
  weightScale: number;
  bias: number[];
  temperature: number;
}

interface Header {
  features: FeatureConfig;
  heads: Record<HeadName, HeadHeader>;
  stack: number[];
  consumerStack: number[];
  ratingEvidence?: readonly number[];
  info: Record<string, unknown>;
}

const MAGIC = "NGHESA04";

function writeVarint(out: Uint8Array, at: number, value: number): number {
  let d = value;
  while (d >= 0x80) {
    out[at++] = (d & 0x7f) | 0x80;
    d = Math.floor(d / 128);
  }
  out[at++] = d;
  return at;
}

function encodeHead(head: Head): { header: HeadHeader; bytes: Uint8Array } {
  const count = head.hashes.length;
  if (head.docFreq.length !== count || head.weights.length !== count * head.outputs) throw new Error("inconsistent model head");
  let maxAbs = 0;
  for (const w of head.weights) maxAbs = Math.max(maxAbs, Math.abs(w));
  const weightScale = maxAbs / 32767 || 1;
  const out = new Uint8Array(count * 10 + count * head.outputs * 2);
  let at = 0;
  let prev = 0;
  for (const h of head.hashes) {
    if (h < prev) throw new Error("model head hashes must be sorted");
    at = writeVarint(out, at, h - prev);
    prev = h;
  }
  for (const df of head.docFreq) at = writeVarint(out, at, df);
  const view = new DataView(out.buffer);
  for (let i = 0; i < head.weights.length; i++, at += 2) view.setInt16(at, Math.round(head.weights[i] / weightScale), true);
  const { features, documents, outputs, bias, temperature } = head;
  return { header: { features, count, documents, outputs, weightScale, bias, temperature }, bytes: out.subarray(0, at) };
}

export function encodeModel(parts: ModelParts): Uint8Array {
  const heads = HEAD_NAMES.map((name) => encodeHead(parts[name]));
  const header: Header = {
    features: parts.features,
    heads: Object.fromEntries(HEAD_NAMES.map((name, i) => [name, heads[i].header])) as Record<HeadName, HeadHeader>,
    stack: parts.stack,
    consumerStack: parts.consumerStack,
    ratingEvidence: parts.ratingEvidence,
    info: parts.info,
  };
  const headerBytes = new TextEncoder().encode(JSON.stringify(header));
  const out = new Uint8Array(MAGIC.length + 4 + headerBytes.length + heads.reduce((n, h) => n + h.bytes.length, 0));
  out.set(new TextEncoder().encode(MAGIC), 0);
  new DataView(out.buffer).setUint32(MAGIC.length, headerBytes.length, true);
  let offset = MAGIC.length + 4;
  out.set(headerBytes, offset);
  offset += headerBytes.length;
  for (const h of heads) {
    out.set(h.bytes, offset);
    offset += h.bytes.length;
  }
  return out;
}

export function decodeModel(bytes: Uint8Array): ModelParts {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < MAGIC.length + 4 || new TextDecoder().decode(bytes.subarray(0, MAGIC.length)) !== MAGIC)
    throw new Error("not a sentiment model file (or an old format: retrain with npm run train:sentiment)");
  const headerLength = view.getUint32(MAGIC.length, true);
  let offset = MAGIC.length + 4;
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(offset, offset + headerLength))) as Header;
  offset += headerLength;

  const readVarint = (): number => {
    let d = 0;
    let shift = 0;
    let b: number;
    do {
      if (offset >= bytes.length) throw new Error("sentiment model file is truncated");
      b = bytes[offset++];
      d += (b & 0x7f) * 2 ** shift;
      shift += 7;
    } while (b & 0x80);
    return d;
  };
  const readHead = (h: HeadHeader): Head => {
    const hashes = new Uint32Array(h.count);
    let prev = 0;
    for (let i = 0; i < h.count; i++) hashes[i] = prev += readVarint();
    const docFreq = new Uint32Array(h.count);
    for (let i = 0; i < h.count; i++) docFreq[i] = readVarint();
    const weights = new Float32Array(h.count * h.outputs);
    if (offset + weights.length * 2 > bytes.length) throw new Error("sentiment model file is truncated");
    for (let i = 0; i < weights.length; i++, offset += 2) weights[i] = view.getInt16(offset, true) * h.weightScale;
    const { features, documents, outputs, bias, temperature } = h;
    return { features, hashes, docFreq, documents, outputs, weights, bias, temperature };
  };
  const [general, news, domain, consumer] = HEAD_NAMES.map((name) => readHead(header.heads[name]));
  if (offset !== bytes.length) throw new Error("sentiment model file has trailing bytes");
  const ratingEvidence = header.ratingEvidence ?? NO_RATING_EVIDENCE;
  const { stack, consumerStack, info } = header;
  return { features: header.features, general, news, domain, stack, consumer, consumerStack, ratingEvidence, info };
}
