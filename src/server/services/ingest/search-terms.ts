import { VIETNAM_OFFSET_MS } from "../../../shared/time-zone.ts";

/**
 * A mention's search terms (migration 0022): every word of its document's search text and every pair of adjacent words,
 * hashed with PostgreSQL's `hashtextextended` under the seed of its project and month. Computed here at ingest, where
 * the CPU is spare, instead of by the database, which is the ingest's bottleneck; `search_term_months` hashes the
 * searched words the same way in SQL, and a test holds the two equal on both databases.
 */
export function mentionSearchTerms(projectId: number, publishedAt: Date, searchText: string): string[] {
  if (searchText === "") return [];
  const bytes = encoder.encode(searchText);
  const seed = projectId * 65_536 + searchMonth(publishedAt);
  const terms = new Set<string>();
  // Words split on single spaces (as string_to_array does): a pair is then the bytes from one word's start to the next's end.
  const starts = [0];
  const ends: number[] = [];
  for (let i = 0; i < bytes.length; i++)
    if (bytes[i] === SPACE) {
      ends.push(i);
      starts.push(i + 1);
    }
  ends.push(bytes.length);
  for (let w = 0; w < starts.length; w++) {
    terms.add(hashBytesExtended(bytes, starts[w], ends[w], seed));
    if (w + 1 < starts.length) terms.add(hashBytesExtended(bytes, starts[w], ends[w + 1], seed));
  }
  return [...terms];
}

const encoder = new TextEncoder();
const SPACE = 0x20;

/** SQL's search_month: the month in Vietnam time, counted from year 0. */
function searchMonth(at: Date): number {
  const local = new Date(at.getTime() + VIETNAM_OFFSET_MS);
  return local.getUTCFullYear() * 12 + local.getUTCMonth();
}

// Module-level functions, not closures: the TypeScript loader names every function it creates, a cost per call.
const rot = (x: number, k: number) => (x << k) | (x >>> (32 - k));
const word = (k: Uint8Array, at: number) => k[at] | (k[at + 1] << 8) | (k[at + 2] << 16) | (k[at + 3] << 24);
const padded = (digit: number) => String(digit).padStart(7, "0");

/** lookup3's internal state a, b, c: a typed array, so the mixing runs on plain 32-bit integers without allocating. */
const state = new Int32Array(3);

function mix(s: Int32Array): void {
  let a = s[0];
  let b = s[1];
  let c = s[2];
  a = (a - c) ^ rot(c, 4);
  c = (c + b) | 0;
  b = (b - a) ^ rot(a, 6);
  a = (a + c) | 0;
  c = (c - b) ^ rot(b, 8);
  b = (b + a) | 0;
  a = (a - c) ^ rot(c, 16);
  c = (c + b) | 0;
  b = (b - a) ^ rot(a, 19);
  a = (a + c) | 0;
  c = (c - b) ^ rot(b, 4);
  b = (b + a) | 0;
  s[0] = a;
  s[1] = b;
  s[2] = c;
}

/**
 * PostgreSQL's hash_bytes_extended (src/common/hashfn.c, Bob Jenkins' lookup3) of bytes[start, end), as the decimal
 * text of the signed int8 that hashtextextended returns.
 */
export function hashBytesExtended(k: Uint8Array, start: number, end: number, seed: number): string {
  let len = end - start;
  state.fill((0x9e3779b9 + len + 3_923_095) | 0);
  if (seed !== 0) {
    state[0] += Math.floor(seed / 2 ** 32);
    state[1] += seed >>> 0;
    mix(state);
  }
  let i = start;
  while (len >= 12) {
    state[0] += word(k, i);
    state[1] += word(k, i + 4);
    state[2] += word(k, i + 8);
    mix(state);
    i += 12;
    len -= 12;
  }
  let a = state[0];
  let b = state[1];
  let c = state[2];
  // The last 11 bytes at most; the lowest byte of c stays for the length, as in lookup3.
  if (len >= 11) c = (c + (k[i + 10] << 24)) | 0;
  if (len >= 10) c = (c + (k[i + 9] << 16)) | 0;
  if (len >= 9) c = (c + (k[i + 8] << 8)) | 0;
  if (len >= 8) b = (b + (k[i + 7] << 24)) | 0;
  if (len >= 7) b = (b + (k[i + 6] << 16)) | 0;
  if (len >= 6) b = (b + (k[i + 5] << 8)) | 0;
  if (len >= 5) b = (b + k[i + 4]) | 0;
  if (len >= 4) a = (a + (k[i + 3] << 24)) | 0;
  if (len >= 3) a = (a + (k[i + 2] << 16)) | 0;
  if (len >= 2) a = (a + (k[i + 1] << 8)) | 0;
  if (len >= 1) a = (a + k[i]) | 0;
  c = (c ^ b) - rot(b, 14);
  a = (a ^ c) - rot(c, 11);
  b = (b ^ a) - rot(a, 25);
  c = (c ^ b) - rot(b, 16);
  a = (a ^ c) - rot(c, 4);
  b = (b ^ a) - rot(a, 14);
  c = (c ^ b) - rot(b, 24);
  return int64Text(b | 0, c >>> 0);
}

/** The decimal text of the signed 64-bit integer high · 2³² + low, without BigInt (a tenth of its cost here). */
export function int64Text(high: number, low: number): string {
  if (high >= 0) return uint64Text(high, low);
  const negatedLow = (~low + 1) >>> 0;
  return `-${uint64Text((~high + (negatedLow === 0 ? 1 : 0)) >>> 0, negatedLow)}`;
}

/** Unsigned: exact as a double below 2⁵³; above, in three base-10⁷ digits of 24-bit parts (as protobuf's JS does). */
function uint64Text(high: number, low: number): string {
  if (high <= 0x1fffff) return String(high * 4_294_967_296 + low);
  const lowPart = low & 0xffffff;
  const midPart = ((low >>> 24) | (high << 8)) & 0xffffff;
  const highPart = (high >>> 16) & 0xffff;
  // 2²⁴ = 1·10⁷ + 6,777,216 and 2⁴⁸ = 2·10¹⁴ + 8,147,497·10⁷ + 6,710,656.
  let digitA = lowPart + midPart * 6_777_216 + highPart * 6_710_656;
  let digitB = midPart + highPart * 8_147_497;
  let digitC = highPart * 2;
  digitB += Math.floor(digitA / 1e7);
  digitA %= 1e7;
  digitC += Math.floor(digitB / 1e7);
  digitB %= 1e7;
  return digitC > 0 ? `${digitC}${padded(digitB)}${padded(digitA)}` : `${digitB}${padded(digitA)}`;
}
