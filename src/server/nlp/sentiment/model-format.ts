import type { FeatureConfig } from "./features.ts";

// Layout (little-endian): magic "NGHESA02" | u32 header length | header JSON |
// feature hashes, ascending, as LEB128 deltas | document frequency per feature, LEB128 |
// one int16 per feature and class (× header.weightScale).

export interface ModelParts {
  features: FeatureConfig;
  /** Sorted ascending, unique. */
  hashes: Uint32Array;
  /** Training texts each feature occurs in (its idf follows from it and `documents`). */
  docFreq: Uint32Array;
  /** Number of training texts the document frequencies were counted over. */
  documents: number;
  /** weights[i * 3 + class] for hashes[i]. */
  weights: Float32Array;
  bias: [number, number, number];
  /** Logits are divided by it before the softmax (calibrated on the dev splits). */
  temperature: number;
  /** Free-form provenance (data, date, metrics) shown by tooling. */
  info: Record<string, unknown>;
}

interface Header {
  features: FeatureConfig;
  count: number;
  documents: number;
  weightScale: number;
  bias: [number, number, number];
  temperature: number;
  info: Record<string, unknown>;
}

const MAGIC = "NGHESA02";

function writeVarint(out: Uint8Array, at: number, value: number): number {
  let d = value;
  while (d >= 0x80) {
    out[at++] = (d & 0x7f) | 0x80;
    d = Math.floor(d / 128);
  }
  out[at++] = d;
  return at;
}

export function encodeModel(parts: ModelParts): Uint8Array {
  const count = parts.hashes.length;
  if (parts.docFreq.length !== count || parts.weights.length !== count * 3) throw new Error("inconsistent model parts");
  let maxAbs = 0;
  for (const w of parts.weights) maxAbs = Math.max(maxAbs, Math.abs(w));
  const weightScale = maxAbs / 32767 || 1;
  const header: Header = {
    features: parts.features,
    count,
    documents: parts.documents,
    weightScale,
    bias: parts.bias,
    temperature: parts.temperature,
    info: parts.info,
  };
  const headerBytes = new TextEncoder().encode(JSON.stringify(header));

  const varints = new Uint8Array(count * 10);
  let at = 0;
  let prev = 0;
  for (const h of parts.hashes) {
    at = writeVarint(varints, at, h - prev);
    prev = h;
  }
  for (const df of parts.docFreq) at = writeVarint(varints, at, df);

  const out = new Uint8Array(MAGIC.length + 4 + headerBytes.length + at + count * 3 * 2);
  const view = new DataView(out.buffer);
  out.set(new TextEncoder().encode(MAGIC), 0);
  view.setUint32(MAGIC.length, headerBytes.length, true);
  let offset = MAGIC.length + 4;
  out.set(headerBytes, offset);
  offset += headerBytes.length;
  out.set(varints.subarray(0, at), offset);
  offset += at;
  for (let i = 0; i < parts.weights.length; i++, offset += 2) view.setInt16(offset, Math.round(parts.weights[i] / weightScale), true);
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
  const hashes = new Uint32Array(header.count);
  let prev = 0;
  for (let i = 0; i < header.count; i++) hashes[i] = prev += readVarint();
  const docFreq = new Uint32Array(header.count);
  for (let i = 0; i < header.count; i++) docFreq[i] = readVarint();

  const weights = new Float32Array(header.count * 3);
  if (offset + weights.length * 2 !== bytes.length) throw new Error("sentiment model file has trailing or missing bytes");
  for (let i = 0; i < weights.length; i++, offset += 2) weights[i] = view.getInt16(offset, true) * header.weightScale;
  return {
    features: header.features,
    hashes,
    docFreq,
    documents: header.documents,
    weights,
    bias: header.bias,
    temperature: header.temperature,
    info: header.info,
  };
}
