import { createHash } from "node:crypto";
import { foldToneMarks, lowerVi, nfc } from "../../shared/vietnamese.ts";
import { HANDLE_PATTERN, URL_HINT_RE, URL_RE } from "./normalize.ts";

/**
 * Near-duplicate texts for stories (docs/nlp/stories.md). A text becomes its words (tone marks in one place, lower
 * case; URLs, @handles, emoji and punctuation left out), from which come: an exact hash, 3-word shingles (a bottom-k
 * sketch), a MinHash signature cut into LSH bands (to find candidates), and its "names" — words written with a capital
 * letter or holding a digit — which tell apart different stories told with the same template words.
 */
export type StoryText = {
  /** Hash of the words in order: the same text after normalization has the same hash. */
  hash: string;
  /** Distinct word hashes, sorted. */
  words: number[];
  /** Hashes of the capitalized words and numbers, sorted. */
  names: number[];
  /** The SKETCH_SIZE smallest distinct shingle hashes, sorted (all of them for texts that short). */
  shingles: number[];
  /** How many distinct shingles the text has. */
  shingleCount: number;
  /** The hash of each LSH band, band i at position i; none for texts too short to compare by overlap (exact copies only). */
  readonly bands: number[];
};

/** Words of a text considered at most: a story is told in its beginning. */
const MAX_WORDS = 1000;
/** Words per shingle. */
const SHINGLE = 3;
/** Shingles kept per text: every shingle of a text up to ~250 words, so containment is exact for nearly all posts. */
const SKETCH_SIZE = 256;
/** Texts with fewer words join only exact copies: a few common words say too little. */
const MIN_WORDS_FOR_OVERLAP = 8;
/** Share of the shorter text's shingles found in the longer one for the two to be one story. */
const MIN_CONTAINMENT = 0.75;
/**
 * LSH: BANDS bands of ROWS MinHash values each. Two texts become candidates with probability 1 − (1 − J²)^20 for a
 * Jaccard similarity J: 99.7% at 0.5 (a repost adding as much text as the original), 90% at 0.33 (twice as much).
 */
export const BANDS = 20;
const ROWS = 2;

const WORD_RE = /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/gu;
const HANDLE_RE = new RegExp(HANDLE_PATTERN, "gu");
const NAME_RE = /^\p{Lu}|\p{N}/u;

/** 32-bit FNV-1a over UTF-16 code units. */
function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h | 0;
}

/** MurmurHash3's finalizer: spreads the bits of a 32-bit value. */
function mix(x: number): number {
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return (x ^ (x >>> 16)) | 0;
}

// One (multiplier, offset) pair per MinHash function, fixed forever: stored bands must mean the same in every process.
const SEEDS = Array.from({ length: BANDS * ROWS }, (_, i) => [mix(2 * i + 1) | 1, mix(2 * i + 2)] as const);

const sortedUnique = (values: number[]) => [...new Set(values)].sort((a, b) => a - b);

function wordsOf(text: string): { words: string[]; names: string[] } {
  let clean = foldToneMarks(nfc(text));
  if (URL_HINT_RE.test(clean)) clean = clean.replace(URL_RE, " ").replace(HANDLE_RE, " ");
  const words: string[] = [];
  const names: string[] = [];
  // lowerVi keeps every offset, so each word's lower case is the same slice of the lowered text.
  const lowered = lowerVi(clean);
  for (const match of clean.matchAll(WORD_RE)) {
    const lower = lowered.slice(match.index, match.index + match[0].length);
    words.push(lower);
    if (NAME_RE.test(match[0])) names.push(lower);
    if (words.length === MAX_WORDS) break;
  }
  return { words, names };
}

function minHashBands(shingles: number[]): number[] {
  const mins = new Int32Array(BANDS * ROWS).fill(0x7fffffff);
  for (const shingle of shingles) {
    for (let i = 0; i < SEEDS.length; i++) {
      const value = (Math.imul(shingle, SEEDS[i][0]) + SEEDS[i][1]) | 0;
      if (value < mins[i]) mins[i] = value;
    }
  }
  const bands: number[] = [];
  for (let b = 0; b < BANDS; b++) {
    let h = mix(b + 1);
    for (let r = 0; r < ROWS; r++) h = mix(h ^ mins[b * ROWS + r]);
    bands.push(h);
  }
  return bands;
}

/** A key per band of a text, unique across bands: texts are candidates when they share one. */
export const bandKeys = (bands: readonly number[]): number[] => bands.map((hash, b) => b * 2 ** 32 + (hash >>> 0));

/** The story features of a document's title and content. */
export function storyText(text: string): StoryText {
  const { words, names } = wordsOf(text);
  const hashes = words.map(hashString);
  const all: number[] = [];
  for (let i = 0; i + SHINGLE <= hashes.length; i++) all.push(mix(mix(mix(hashes[i]) ^ hashes[i + 1]) ^ hashes[i + 2]));
  if (all.length === 0 && hashes.length > 0) all.push(mix(hashes.reduce((h, w) => mix(h ^ w), 0)));
  const shingles = sortedUnique(all);
  let bands: number[] | undefined;
  return {
    hash: createHash("sha1").update(words.join(" ")).digest("base64url").slice(0, 16),
    words: sortedUnique(hashes),
    names: sortedUnique(names.map(hashString)),
    shingles: shingles.slice(0, SKETCH_SIZE),
    shingleCount: shingles.length,
    // Computed on first use: a copy of a text already indexed never needs them.
    get bands() {
      bands ??= words.length >= MIN_WORDS_FOR_OVERLAP ? minHashBands(shingles) : [];
      return bands;
    },
  };
}

function countCommon(a: readonly number[], b: readonly number[]): number {
  let i = 0;
  let j = 0;
  let common = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      common++;
      i++;
      j++;
    } else if (a[i] < b[j]) i++;
    else j++;
  }
  return common;
}

function includesAll(haystack: readonly number[], needles: readonly number[]): boolean {
  return countCommon(haystack, needles) === needles.length;
}

type Comparable = Pick<StoryText, "words" | "names" | "shingles" | "shingleCount">;

/** Shingles the two texts share: exact when both sketches hold every shingle, else estimated from the bottom-k of both. */
function sharedShingles(a: Comparable, b: Comparable): number {
  if (a.shingleCount <= SKETCH_SIZE && b.shingleCount <= SKETCH_SIZE) return countCommon(a.shingles, b.shingles);
  const inA = new Set(a.shingles);
  const inB = new Set(b.shingles);
  const union = sortedUnique([...a.shingles, ...b.shingles]).slice(0, SKETCH_SIZE);
  const jaccard = union.filter((x) => inA.has(x) && inB.has(x)).length / union.length;
  return (jaccard * (a.shingleCount + b.shingleCount)) / (1 + jaccard);
}

/**
 * How much two texts are one story, 0 when they are not: the share of the shorter text's shingles found in the longer
 * one (at least MIN_CONTAINMENT), and every name or number of the shorter text written somewhere in the longer one.
 * A repost with added text contains the whole original; a template filled with another place, brand or price does not.
 */
export function storySimilarity(a: Comparable, b: Comparable): number {
  const [shorter, longer] = a.shingleCount <= b.shingleCount ? [a, b] : [b, a];
  if (shorter.shingleCount <= MIN_WORDS_FOR_OVERLAP - SHINGLE) return 0;
  const containment = Math.min(1, sharedShingles(shorter, longer) / shorter.shingleCount);
  if (containment < MIN_CONTAINMENT) return 0;
  return includesAll(longer.words, shorter.names) ? containment : 0;
}
