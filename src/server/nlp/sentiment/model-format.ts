import type { FeatureConfig } from "./features.ts";

// Layout (little-endian): magic "NGHESA01" | u32 header length | header JSON |
// feature hashes, ascending, as LEB128 deltas | one int16 per feature and class (× header.weightScale).

export interface ModelParts {
  features: FeatureConfig;
  /** Sorted ascending, unique. */
  hashes: Uint32Array;
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
  weightScale: number;
  bias: [number, number, number];
  temperature: number;
  info: Record<string, unknown>;
}

const MAGIC = "NGHESA01";

export function encodeModel(parts: ModelParts): Uint8Array {
  let maxAbs = 0;
  for (const w of parts.weights) maxAbs = Math.max(maxAbs, Math.abs(w));
  const weightScale = maxAbs / 32767 || 1;
  const header: Header = {
    features: parts.features,
    count: parts.hashes.length,
    weightScale,
    bias: parts.bias,
    temperature: parts.temperature,
    info: parts.info,
  };
  const headerBytes = new TextEncoder().encode(JSON.stringify(header));

  const deltas = new Uint8Array(parts.hashes.length * 5);
  let at = 0;
  let prev = 0;
  for (const h of parts.hashes) {
    let d = h - prev;
    prev = h;
    while (d >= 0x80) {
      deltas[at++] = (d & 0x7f) | 0x80;
      d >>>= 7;
    }
    deltas[at++] = d;
  }

  const quantized = Int16Array.from(parts.weights, (w) => Math.round(w / weightScale));
  const out = new Uint8Array(MAGIC.length + 4 + headerBytes.length + at + quantized.byteLength);
  const view = new DataView(out.buffer);
  out.set(new TextEncoder().encode(MAGIC), 0);
  view.setUint32(MAGIC.length, headerBytes.length, true);
  let offset = MAGIC.length + 4;
  out.set(headerBytes, offset);
  offset += headerBytes.length;
  out.set(deltas.subarray(0, at), offset);
  offset += at;
  for (let i = 0; i < quantized.length; i++, offset += 2) view.setInt16(offset, quantized[i], true);
  return out;
}

export function decodeModel(bytes: Uint8Array): ModelParts {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (new TextDecoder().decode(bytes.subarray(0, MAGIC.length)) !== MAGIC) throw new Error("not a sentiment model file");
  const headerLength = view.getUint32(MAGIC.length, true);
  let offset = MAGIC.length + 4;
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(offset, offset + headerLength))) as Header;
  offset += headerLength;

  const hashes = new Uint32Array(header.count);
  let prev = 0;
  for (let i = 0; i < header.count; i++) {
    let d = 0;
    let shift = 0;
    let b: number;
    do {
      b = bytes[offset++];
      d += (b & 0x7f) * 2 ** shift;
      shift += 7;
    } while (b & 0x80);
    prev += d;
    hashes[i] = prev;
  }

  const weights = new Float32Array(header.count * 3);
  for (let i = 0; i < weights.length; i++, offset += 2) weights[i] = view.getInt16(offset, true) * header.weightScale;
  if (offset !== bytes.length) throw new Error("sentiment model file has trailing or missing bytes");
  return {
    features: header.features,
    hashes,
    weights,
    bias: header.bias,
    temperature: header.temperature,
    info: header.info,
  };
}
