import { fnvStart, fnvStep, finish, hashPair, hashString } from "./hash.ts";
import { normalizeForAnalysis, unaccent } from "../normalize.ts";

/**
 * Relative weight of each feature group (0 switches a group off) and the group parameters. Stored in the model file.
 * Each group's vector is log-tf·idf weighted and scaled to unit length before the weight applies, except the
 * `vectors` group, whose counts are divided by their sum (see SentimentModel.logits and scripts/sentiment/vectorize.ts).
 */
export interface FeatureConfig {
  words: number;
  bigrams: number;
  unaccentedWords: number;
  unaccentedBigrams: number;
  negation: number;
  chars: number;
  /** Syllables and two-syllable phrases that have a word vector (learnt on news titles): their mean vector. */
  vectors: number;
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
  vectors: 0,
  charMin: 3,
  charMax: 4,
  negationScope: 3,
  negationFlip: true,
};

/** Group order in the buffer; hashes of different groups never meet (distinct seeds). */
export const GROUPS = ["words", "bigrams", "unaccentedWords", "unaccentedBigrams", "negation", "chars", "vectors"] as const;
export type Group = (typeof GROUPS)[number];

/** The default extraction with only the given groups, at the given weights. */
export function withGroups(weights: Partial<Record<Group, number>>): FeatureConfig {
  const cfg = { ...DEFAULT_FEATURES };
  for (const group of GROUPS) cfg[group] = weights[group] ?? 0;
  return cfg;
}

/** Groups whose occurrence counts are divided by their sum (a mean) instead of log-tf·idf at unit length. */
export const MEAN_GROUPS: ReadonlySet<Group> = new Set(["vectors"]);

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
const SEED = { word: 1, bigram: 2, uword: 3, ubigram: 4, neg: 5, char: 6, boundary: 8, vector: 9 } as const;

// Matched on the normalized (accented) tokens: normalizeForAnalysis already turns ko / k / khong… into "không",
// while unaccented "chua", "dung" or "cha" are as likely "chua" (sour), "dùng" (use) or "cha" (father).
const NEGATORS = new Set(["không", "chẳng", "chả", "chưa", "đừng", "chớ", "hổng"]);
const TOKEN = /[\p{L}\p{N}_]+|[^\s\p{L}\p{N}_]/gu;
export const WORDLIKE = /^[\p{L}\p{N}_]/u;

/**
 * Hashed feature occurrences of one document, group after group: `hashes[i]` with a ±1 `values[i]` (−1 for a
 * negated word when negationFlip is on). Emitted group g is GROUPS[groupId[g]], spans [groupEnd[g-1], groupEnd[g])
 * and has weight groupWeight[g]. With `recordSpans`, occurrence i covers tokens [spanStart[i], spanEnd[i]) of
 * `tokens` (for explanations; off on the hot path).
 */
export class FeatureBuffer {
  hashes = new Uint32Array(1024);
  values = new Int8Array(1024);
  spanStart = new Int32Array(0);
  spanEnd = new Int32Array(0);
  tokens: string[] = [];
  length = 0;
  groups = 0;
  readonly groupEnd = new Int32Array(GROUPS.length);
  readonly groupWeight = new Float64Array(GROUPS.length);
  readonly groupId = new Uint8Array(GROUPS.length);

  constructor(readonly recordSpans = false) {
    if (recordSpans) {
      this.spanStart = new Int32Array(1024);
      this.spanEnd = new Int32Array(1024);
    }
  }

  push(hash: number, value: number, from = 0, to = 0): void {
    if (this.length === this.hashes.length) this.grow();
    if (this.recordSpans) {
      this.spanStart[this.length] = from;
      this.spanEnd[this.length] = to;
    }
    this.hashes[this.length] = hash;
    this.values[this.length++] = value;
  }

  private grow(): void {
    const n = this.hashes.length * 2;
    const hashes = new Uint32Array(n);
    const values = new Int8Array(n);
    hashes.set(this.hashes);
    values.set(this.values);
    this.hashes = hashes;
    this.values = values;
    if (!this.recordSpans) return;
    const start = new Int32Array(n);
    const end = new Int32Array(n);
    start.set(this.spanStart);
    end.set(this.spanEnd);
    this.spanStart = start;
    this.spanEnd = end;
  }

  endGroup(id: number, weight: number): void {
    this.groupEnd[this.groups] = this.length;
    this.groupId[this.groups] = id;
    this.groupWeight[this.groups++] = weight;
  }
}

/** The tokens the features are built on: normalized words and single punctuation marks, question "không" marked. */
export function analysisTokens(text: string): string[] {
  const tokens = normalizeForAnalysis(text).match(TOKEN) ?? [];
  markQuestionParticles(tokens);
  return tokens;
}

export function extractFeatures(text: string, buf: FeatureBuffer, cfg: FeatureConfig = DEFAULT_FEATURES): void {
  buf.length = 0;
  buf.groups = 0;
  const tokens = analysisTokens(text);
  if (buf.recordSpans) buf.tokens = tokens;
  // unaccent keeps every character's position, so the unaccented tokens are the tokens unaccented one by one.
  const wordHashes = hashTokens(tokens, SEED.word);
  const plainHashes = hashTokens(tokens, SEED.uword, unaccent);
  const negated = negationScope(tokens, cfg.negationScope);

  if (cfg.words) pushWords(buf, wordHashes, negated, cfg.negationFlip);
  endGroup(buf, cfg, 0);
  if (cfg.bigrams) pushBigrams(buf, wordHashes, SEED.bigram);
  endGroup(buf, cfg, 1);
  if (cfg.unaccentedWords) pushWords(buf, plainHashes, negated, cfg.negationFlip);
  endGroup(buf, cfg, 2);
  if (cfg.unaccentedBigrams) pushBigrams(buf, plainHashes, SEED.ubigram);
  endGroup(buf, cfg, 3);
  if (cfg.negation) pushNegated(buf, plainHashes, negated);
  endGroup(buf, cfg, 4);
  if (cfg.chars) pushCharGrams(buf, tokens, cfg.charMin, cfg.charMax);
  endGroup(buf, cfg, 5);
  if (cfg.vectors) pushVectorUnits(buf, tokens, wordHashes);
  endGroup(buf, cfg, 6);
}

function endGroup(buf: FeatureBuffer, cfg: FeatureConfig, id: number): void {
  const weight = cfg[GROUPS[id]];
  if (weight) buf.endGroup(id, weight);
}

// "có … không ?" asks a yes/no question: a "không" that ends a clause is a question particle, not a negator, and
// gets a token of its own (so it neither negates nor brings the evidence of the negating "không").
function markQuestionParticles(tokens: string[]): void {
  for (let i = 0; i < tokens.length; i++)
    if (tokens[i] === "không" && (i + 1 === tokens.length || !WORDLIKE.test(tokens[i + 1]))) tokens[i] = "không?";
}

function hashTokens(tokens: string[], seed: number, map?: (token: string) => string): Uint32Array {
  const out = new Uint32Array(tokens.length);
  for (let i = 0; i < tokens.length; i++) out[i] = hashString(map ? map(tokens[i]) : tokens[i], seed);
  return out;
}

// A negated word counts against its own evidence: "không tệ" pushes away from what "tệ" pushes towards, which
// carries what the model learnt from the many un-negated uses to the few negated ones ("không ngon", "ko tệ").
function pushWords(buf: FeatureBuffer, hashes: Uint32Array, negated: Uint8Array, flip: boolean): void {
  for (let i = 0; i < hashes.length; i++) buf.push(hashes[i], flip && negated[i] ? -1 : 1, i, i + 1);
}

const BOUNDARY = hashString("", SEED.boundary);

function pushBigrams(buf: FeatureBuffer, hashes: Uint32Array, seed: number): void {
  let prev = BOUNDARY;
  for (let i = 0; i < hashes.length; i++) {
    buf.push(hashPair(hashPair(prev, hashes[i]), seed), 1, Math.max(0, i - 1), i + 1);
    prev = hashes[i];
  }
  buf.push(hashPair(hashPair(prev, BOUNDARY), seed), 1, Math.max(0, hashes.length - 1), hashes.length);
}

/** Key of a word-vector unit: one syllable, or two adjacent syllables ("thu hồi") as learnt by the phrase finder. */
export function vectorUnitHash(unit: string): number {
  const parts = unit.split(" ");
  const h = hashString(parts[0], SEED.word);
  return parts.length === 1 ? hashPair(h, SEED.vector) : hashPair(hashPair(h, hashString(parts[1], SEED.word)), SEED.vector);
}

// Every syllable and every pair of adjacent syllables (not across punctuation); the model knows only the units that
// have a vector, so the rest neither count nor weigh.
function pushVectorUnits(buf: FeatureBuffer, tokens: string[], hashes: Uint32Array): void {
  for (let i = 0; i < tokens.length; i++) {
    if (!WORDLIKE.test(tokens[i])) continue;
    buf.push(hashPair(hashes[i], SEED.vector), 1, i, i + 1);
    if (i + 1 < tokens.length && WORDLIKE.test(tokens[i + 1]))
      buf.push(hashPair(hashPair(hashes[i], hashes[i + 1]), SEED.vector), 1, i, i + 2);
  }
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
    buf.push(hashPair(hashes[i], SEED.neg), 1, i, i + 1);
    if (negated[i - 1]) buf.push(hashPair(hashPair(hashes[i - 1], hashes[i]), SEED.neg), 1, i - 1, i + 1);
  }
}

// Character n-grams over the space-joined tokens, so they span syllable boundaries too.
function pushCharGrams(buf: FeatureBuffer, tokens: string[], minN: number, maxN: number): void {
  const s = " " + tokens.join(" ") + " ";
  const start = fnvStart(SEED.char);
  const tokenAt = buf.recordSpans ? tokenIndexByChar(tokens, s.length) : undefined;
  for (let i = 0; i < s.length; i++) {
    let h = start;
    const end = Math.min(s.length, i + maxN);
    for (let j = i; j < end; j++) {
      h = fnvStep(h, s.charCodeAt(j));
      if (j - i + 1 < minN) continue;
      if (tokenAt) buf.push(finish(h), 1, tokenAt[i], tokenAt[j] + 1);
      else buf.push(finish(h), 1);
    }
  }
}

// For each character of " " + tokens.join(" ") + " ": the token it belongs to; a space belongs to the next token,
// the final one to the last token.
function tokenIndexByChar(tokens: string[], length: number): Int32Array {
  const out = new Int32Array(length);
  let at = 0;
  tokens.forEach((t, k) => {
    out.fill(k, at, at + 1 + t.length);
    at += 1 + t.length;
  });
  out.fill(Math.max(0, tokens.length - 1), at);
  return out;
}
