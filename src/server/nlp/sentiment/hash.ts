// 32-bit hashing of feature strings. Features are never materialised as strings: callers feed
// UTF-16 code units into FNV-1a and finish with a murmur3 mix, so the model can key on the hash alone.

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

export function fnvStart(seed: number): number {
  return (FNV_OFFSET ^ Math.imul(seed, 0x9e3779b1)) >>> 0;
}

export function fnvStep(h: number, code: number): number {
  return Math.imul(h ^ code, FNV_PRIME);
}

export function finish(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

export function hashString(s: string, seed: number): number {
  let h = fnvStart(seed);
  for (let i = 0; i < s.length; i++) h = fnvStep(h, s.charCodeAt(i));
  return finish(h);
}

export function hashPair(a: number, b: number): number {
  return finish(Math.imul(a, 0x9e3779b1) ^ b);
}
