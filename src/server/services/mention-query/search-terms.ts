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
  const terms = new Set<bigint>();
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
  return [...terms].map(String);
}

const encoder = new TextEncoder();
const SPACE = 0x20;

/** SQL's search_month: the month in Vietnam time, counted from year 0. */
function searchMonth(at: Date): number {
  const local = new Date(at.getTime() + VIETNAM_OFFSET_MS);
  return local.getUTCFullYear() * 12 + local.getUTCMonth();
}

const rot = (x: number, k: number) => (x << k) | (x >>> (32 - k));

/** PostgreSQL's hash_bytes_extended (src/common/hashfn.c, Bob Jenkins' lookup3) of bytes[start, end), as a signed int8. */
export function hashBytesExtended(k: Uint8Array, start: number, end: number, seed: number): bigint {
  let len = end - start;
  let a = (0x9e3779b9 + len + 3_923_095) | 0;
  let b = a;
  let c = a;
  const mix = () => {
    a = (a - c) | 0;
    a ^= rot(c, 4);
    c = (c + b) | 0;
    b = (b - a) | 0;
    b ^= rot(a, 6);
    a = (a + c) | 0;
    c = (c - b) | 0;
    c ^= rot(b, 8);
    b = (b + a) | 0;
    a = (a - c) | 0;
    a ^= rot(c, 16);
    c = (c + b) | 0;
    b = (b - a) | 0;
    b ^= rot(a, 19);
    a = (a + c) | 0;
    c = (c - b) | 0;
    c ^= rot(b, 4);
    b = (b + a) | 0;
  };
  if (seed !== 0) {
    a = (a + Math.floor(seed / 2 ** 32)) | 0;
    b = (b + (seed >>> 0)) | 0;
    mix();
  }
  let i = start;
  const word = (at: number) => k[at] | (k[at + 1] << 8) | (k[at + 2] << 16) | (k[at + 3] << 24);
  while (len >= 12) {
    a = (a + word(i)) | 0;
    b = (b + word(i + 4)) | 0;
    c = (c + word(i + 8)) | 0;
    mix();
    i += 12;
    len -= 12;
  }
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
  c ^= b;
  c = (c - rot(b, 14)) | 0;
  a ^= c;
  a = (a - rot(c, 11)) | 0;
  b ^= a;
  b = (b - rot(a, 25)) | 0;
  c ^= b;
  c = (c - rot(b, 16)) | 0;
  a ^= c;
  a = (a - rot(c, 4)) | 0;
  b ^= a;
  b = (b - rot(a, 14)) | 0;
  c ^= b;
  c = (c - rot(b, 24)) | 0;
  return BigInt.asIntN(64, (BigInt(b >>> 0) << 32n) | BigInt(c >>> 0));
}
