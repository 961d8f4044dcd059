import { fnvStart, fnvStep, finish, hashPair, hashString } from "./hash.ts";
import { normalizeForAnalysis, unaccent } from "../normalize.ts";

/**
 * Relative weight of each feature group (0 switches a group off) and the group parameters. Stored in the model file.
 * Each group's vector is log-tf·idf weighted and scaled to unit length before the weight applies (see
 * SentimentModel.logits and scripts/sentiment/vectorize.ts).
 */
export interface FeatureConfig {
  words: number;
  bigrams: number;
  unaccentedWords: number;
  unaccentedBigrams: number;
  negation: number;
  chars: number;
  charMin: number;
  charMax: number;
  negationScope: number;
  /** Negated words count −1 in the word groups ("không tệ" pushes away from what "tệ" pushes towards). */
  negationFlip: boolean;
}

export const DEFAULT_FEATURES: FeatureConfig = {
  words: 1,
  bigrams: 1,
  unaccentedWords: 1,
  unaccentedBigrams: 1,
  negation: 1,
  chars: 1.5,
  charMin: 3,
  charMax: 4,
  negationScope: 3,
  negationFlip: true,
};

/** Group order in the buffer; hashes of different groups never meet (distinct seeds). */
export const GROUPS = ["words", "bigrams", "unaccentedWords", "unaccentedBigrams", "negation", "chars"] as const;

/** Sublinear term frequency of a signed occurrence count: sign(c)·(1 + ln|c|), 0 for 0. */
export function tf(count: number): number {
  if (count === 0) return 0;
  return count > 0 ? 1 + Math.log(count) : -1 - Math.log(-count);
}

/** Smoothed inverse document frequency of a feature seen in `df` of `docs` training texts. */
export function idf(df: number, docs: number): number {
  return Math.log((1 + docs) / (1 + df)) + 1;
}

// Distinct seeds keep the groups apart in the one hash space.
const SEED = { word: 1, bigram: 2, uword: 3, ubigram: 4, neg: 5, char: 6, boundary: 8 } as const;

// Matched on the normalized (accented) tokens: normalizeForAnalysis already turns ko / k / khong… into "không",
// while unaccented "chua", "dung" or "cha" are as likely "chua" (sour), "dùng" (use) or "cha" (father).
const NEGATORS = new Set(["không", "chẳng", "chả", "chưa", "đừng", "chớ", "hổng"]);
const TOKEN = /[\p{L}\p{N}_]+|[^\s\p{L}\p{N}_]/gu;
export const WORDLIKE = /^[\p{L}\p{N}_]/u;

/**
 * Hashed feature occurrences of one document, group after group: `hashes[i]` with a ±1 `values[i]` (−1 for a
 * negated word when negationFlip is on). Group g spans [groupEnd[g-1], groupEnd[g]) and has weight groupWeight[g].
 */
export class FeatureBuffer {
  hashes = new Uint32Array(1024);
  values = new Int8Array(1024);
  length = 0;
  groups = 0;
  readonly groupEnd = new Int32Array(GROUPS.length);
  readonly groupWeight = new Float64Array(GROUPS.length);

  push(hash: number, value: number): void {
    if (this.length === this.hashes.length) this.grow();
    this.hashes[this.length] = hash;
    this.values[this.length++] = value;
  }

  private grow(): void {
    const hashes = new Uint32Array(this.hashes.length * 2);
    const values = new Int8Array(this.values.length * 2);
    hashes.set(this.hashes);
    values.set(this.values);
    this.hashes = hashes;
    this.values = values;
  }

  endGroup(weight: number): void {
    this.groupEnd[this.groups] = this.length;
    this.groupWeight[this.groups++] = weight;
  }
}

export function extractFeatures(text: string, buf: FeatureBuffer, cfg: FeatureConfig = DEFAULT_FEATURES): void {
  buf.length = 0;
  buf.groups = 0;
  const normalized = normalizeForAnalysis(text);
  const tokens = normalized.match(TOKEN) ?? [];
  markQuestionParticles(tokens);
  // unaccent keeps every character's position, so the unaccented tokens are the tokens unaccented one by one.
  const wordHashes = hashTokens(tokens, SEED.word);
  const plainHashes = hashTokens(tokens, SEED.uword, unaccent);
  const negated = negationScope(tokens, cfg.negationScope);

  if (cfg.words) group(buf, cfg.words, () => pushWords(buf, wordHashes, negated, cfg.negationFlip));
  if (cfg.bigrams) group(buf, cfg.bigrams, () => pushBigrams(buf, wordHashes, SEED.bigram));
  if (cfg.unaccentedWords) group(buf, cfg.unaccentedWords, () => pushWords(buf, plainHashes, negated, cfg.negationFlip));
  if (cfg.unaccentedBigrams) group(buf, cfg.unaccentedBigrams, () => pushBigrams(buf, plainHashes, SEED.ubigram));
  if (cfg.negation) group(buf, cfg.negation, () => pushNegated(buf, plainHashes, negated));
  if (cfg.chars) group(buf, cfg.chars, () => pushCharGrams(buf, tokens, cfg.charMin, cfg.charMax));
}

// "có … không ?" asks a yes/no question: a "không" that ends a clause is a question particle, not a negator, and
// gets a token of its own (so it neither negates nor brings the evidence of the negating "không").
function markQuestionParticles(tokens: string[]): void {
  for (let i = 0; i < tokens.length; i++)
    if (tokens[i] === "không" && (i + 1 === tokens.length || !WORDLIKE.test(tokens[i + 1]))) tokens[i] = "không?";
}

function group(buf: FeatureBuffer, weight: number, emit: () => void): void {
  emit();
  buf.endGroup(weight);
}

function hashTokens(tokens: string[], seed: number, map?: (token: string) => string): Uint32Array {
  const out = new Uint32Array(tokens.length);
  for (let i = 0; i < tokens.length; i++) out[i] = hashString(map ? map(tokens[i]) : tokens[i], seed);
  return out;
}

// A negated word counts against its own evidence: "không tệ" pushes away from what "tệ" pushes towards, which
// carries what the model learnt from the many un-negated uses to the few negated ones ("không ngon", "ko tệ").
function pushWords(buf: FeatureBuffer, hashes: Uint32Array, negated: Uint8Array, flip: boolean): void {
  for (let i = 0; i < hashes.length; i++) buf.push(hashes[i], flip && negated[i] ? -1 : 1);
}

function pushBigrams(buf: FeatureBuffer, hashes: Uint32Array, seed: number): void {
  const boundary = hashString("", SEED.boundary);
  let prev = boundary;
  for (let i = 0; i < hashes.length; i++) {
    buf.push(hashPair(hashPair(prev, hashes[i]), seed), 1);
    prev = hashes[i];
  }
  buf.push(hashPair(hashPair(prev, boundary), seed), 1);
}

/** 1 for the `scope` words after a negator ("không", "chẳng", "chưa", "ko"…), stopping at punctuation. */
export function negationScope(tokens: string[], scope: number): Uint8Array {
  const negated = new Uint8Array(tokens.length);
  for (let i = 0; i < tokens.length; i++) {
    if (!NEGATORS.has(tokens[i])) continue;
    for (let j = i + 1; j <= i + scope && j < tokens.length; j++) {
      if (!WORDLIKE.test(tokens[j]) || NEGATORS.has(tokens[j])) break;
      negated[j] = 1;
    }
  }
  return negated;
}

// NEG_ twins of the negated words and of their bigrams, learnt where the data has them.
function pushNegated(buf: FeatureBuffer, hashes: Uint32Array, negated: Uint8Array): void {
  for (let i = 0; i < hashes.length; i++) {
    if (!negated[i]) continue;
    buf.push(hashPair(hashes[i], SEED.neg), 1);
    if (negated[i - 1]) buf.push(hashPair(hashPair(hashes[i - 1], hashes[i]), SEED.neg), 1);
  }
}

// Character n-grams over the space-joined tokens, so they span syllable boundaries too.
function pushCharGrams(buf: FeatureBuffer, tokens: string[], minN: number, maxN: number): void {
  const s = " " + tokens.join(" ") + " ";
  const start = fnvStart(SEED.char);
  for (let i = 0; i < s.length; i++) {
    let h = start;
    const end = Math.min(s.length, i + maxN);
    for (let j = i; j < end; j++) {
      h = fnvStep(h, s.charCodeAt(j));
      if (j - i + 1 >= minN) buf.push(finish(h), 1);
    }
  }
}
