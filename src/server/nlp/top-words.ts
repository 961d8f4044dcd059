import type { TermCount, TopWords } from "../../shared/api-types.ts";
import { normalizeForAnalysis, normalizeForMatch, unaccent } from "./normalize.ts";
import { type Segment, segmenter, typedWithoutDiacritics } from "./segment.ts";
import { isStopword } from "./stopwords.ts";

/** phrases: names kept whole, one word each (a project's brands and keywords), as in segment(). */
type TopWordsOptions = { limit?: number; phrases?: readonly string[] };

const DEFAULT_LIMIT = 50;
// Two adjacent words make a phrase (docs/nlp/segmentation.md, "Keyword cloud") when the phrase occurs at least
// MIN_PHRASE_COUNT times, holds at least MIN_PHRASE_SHARE of the occurrences of each of its words (so "sữa tươi
// ngon" does not eat "sữa tươi"), has at most MAX_PHRASE_SYLLABLES syllables, and is not always a piece of one
// longer unit: one and the same word (stop words included) right before or after it in more than
// MAX_CONTEXT_SHARE of its occurrences means it is not used on its own ("bị tố | bán", "doanh nghiệp | sữa | bàn
// về", a copied headline), while "mùi lạ" follows "có", "bốc", a comma…
const MIN_PHRASE_COUNT = 2;
const MIN_PHRASE_SHARE = 0.5;
const MAX_PHRASE_SYLLABLES = 4;
const MAX_CONTEXT_SHARE = 0.5;

const CLOUD_KINDS = new Set<Segment["kind"]>(["word", "name", "phrase"]);
const STARTS_WITH_NUMBER = /^\p{N}/u;

/** A word's cloud form, with what the cloud needs to know about it. */
type Term = { key: string; syllables: number; accented: number; cloud: boolean; cloudIfBare: boolean };

// A few thousand distinct words cover most texts.
const TERM_CACHE_LIMIT = 50_000;
const terms = new Map<string, Term>();

/** Lowercase with canonical tone marks; a one-syllable chat form is expanded and squeezed ("sp" → "sản phẩm"). */
function termOf(text: string): Term {
  let term = terms.get(text);
  if (!term) {
    if (terms.size >= TERM_CACHE_LIMIT) terms.clear();
    const key = /\s/.test(text) ? normalizeForMatch(text).replace(/\s+/g, " ") : normalizeForAnalysis(text);
    const syllables = key.split(" ");
    // Two UTF-16 units may still be one character (outside the BMP); only then is the spread needed.
    const long = key.length > 2 || (key.length === 2 && [...key].length === 2);
    const cloud = long && !STARTS_WITH_NUMBER.test(key) && !key.startsWith("emo_") && key !== "url" && !isStopword(key);
    term = {
      key,
      syllables: syllables.length,
      accented: syllables.filter((s) => unaccent(s) !== s).length,
      cloud,
      cloudIfBare: cloud && !isStopword(key, true),
    };
    terms.set(text, term);
  }
  return term;
}

/** A text's words in groups of adjacent words: punctuation, numbers, emoji and line breaks end a group. */
type TextWords = { groups: Term[][]; typedBare: boolean };

function textWords(segments: Segment[], hashtags: Map<string, number>): TextWords {
  let syllables = 0;
  let accented = 0;
  const groups: Term[][] = [];
  let group: Term[] = [];
  for (const segment of segments) {
    if (segment.kind === "hashtag") increment(hashtags, normalizeForMatch(segment.text));
    const word = CLOUD_KINDS.has(segment.kind);
    if (group.length > 0 && (!word || !segment.joined)) {
      groups.push(group);
      group = [];
    }
    if (!word) continue;
    const term = termOf(segment.text);
    syllables += term.syllables;
    accented += term.accented;
    group.push(term);
  }
  if (group.length > 0) groups.push(group);
  return { groups, typedBare: typedWithoutDiacritics(syllables, accented) };
}

/** The groups split at every word the cloud leaves out (stop words, numbers…): runs of cloud words. */
function cloudRuns({ groups }: TextWords): Term[][] {
  const runs: Term[][] = [];
  for (const group of groups) {
    let run: Term[] = [];
    for (const term of group) {
      if (term.cloud) run.push(term);
      else if (run.length > 0) {
        runs.push(run);
        run = [];
      }
    }
    if (run.length > 0) runs.push(run);
  }
  return runs;
}

function increment(counts: Map<string, number>, term: string, by = 1): void {
  counts.set(term, (counts.get(term) ?? 0) + by);
}

const mostFrequent = (counts: Map<string, number>) => Math.max(0, ...counts.values());

// Inside the counting maps a phrase's two words are joined by a tab: each of them may hold spaces.
const JOINT = "\t";

/** The phrase of words[i] and words[i + 1] if they may form one, as `word\tword`. */
function phraseAt(words: Term[], i: number): string | undefined {
  const a = words[i];
  const b = words[i + 1];
  if (!a?.cloud || !b?.cloud || a.syllables + b.syllables > MAX_PHRASE_SYLLABLES) return undefined;
  return a.key + JOINT + b.key;
}

/**
 * The phrases that hold together, with their counts (see the constants above). Groups keep their stop words:
 * "bị | tố bán" shows "tố bán" always after "bị", a piece of "bị tố | bán".
 */
function acceptedPhrases(groups: Term[][]): Map<string, number> {
  const singles = new Map<string, number>();
  const pairs = new Map<string, number>();
  for (const group of groups) {
    for (let i = 0; i < group.length; i++) {
      if (group[i].cloud) increment(singles, group[i].key);
      const phrase = phraseAt(group, i);
      if (phrase) increment(pairs, phrase);
    }
  }
  const candidates = new Map<string, { left: Map<string, number>; right: Map<string, number> }>();
  for (const [phrase, count] of pairs) {
    const [a, b] = phrase.split(JOINT);
    if (count >= MIN_PHRASE_COUNT && count >= MIN_PHRASE_SHARE * Math.max(singles.get(a)!, singles.get(b)!))
      candidates.set(phrase, { left: new Map(), right: new Map() });
  }
  for (const group of groups) {
    for (let i = 0; i < group.length; i++) {
      const context = candidates.get(phraseAt(group, i) ?? "");
      if (!context) continue;
      if (i > 0) increment(context.left, group[i - 1].key);
      if (i + 2 < group.length) increment(context.right, group[i + 2].key);
    }
  }
  const accepted = new Map<string, number>();
  for (const [phrase, { left, right }] of candidates) {
    const count = pairs.get(phrase)!;
    if (mostFrequent(left) <= MAX_CONTEXT_SHARE * count && mostFrequent(right) <= MAX_CONTEXT_SHARE * count) accepted.set(phrase, count);
  }
  return accepted;
}

/**
 * Words typed without diacritics take the most frequent spelling with diacritics that reads the same in the texts
 * that have them ("sua tuoi" → "sữa tươi"), so both count as one word, make the same phrases and are stop words
 * alike. A word with no such spelling is a stop word when any stop word reads like it ("cua" = "của").
 */
function respellBare(perText: TextWords[]): void {
  const counts = new Map<string, number>();
  for (const { groups, typedBare } of perText)
    if (!typedBare) for (const group of groups) for (const term of group) increment(counts, term.key);
  const spelled = new Map<string, string>();
  for (const [key, count] of counts) {
    const bare = unaccent(key);
    const best = spelled.get(bare);
    if (!best || count > counts.get(best)!) spelled.set(bare, key);
  }
  for (const { groups, typedBare } of perText) {
    if (!typedBare) continue;
    for (const group of groups) {
      group.forEach((term, i) => {
        const spelling = spelled.get(term.key);
        group[i] = spelling ? termOf(spelling) : { ...term, cloud: term.cloudIfBare };
      });
    }
  }
}

function ranked(counts: Map<string, number>, limit: number): TermCount[] {
  return [...counts]
    .map(([term, count]) => ({ term, count }))
    .sort((a, b) => b.count - a.count || a.term.localeCompare(b.term, "vi"))
    .slice(0, limit);
}

/**
 * Keyword cloud: whole words by frequency — never a piece of a word — and two-word phrases that hold together (a
 * phrase's words are then counted in the phrase, not again alone), without stop words, numbers or URL pieces;
 * hashtags counted apart. The one function behind every word cloud of the product.
 */
export function topWords(texts: string[], opts: TopWordsOptions = {}): TopWords {
  const segment = segmenter(opts.phrases ?? []);
  const hashtags = new Map<string, number>();
  const perText = texts.map((text) => textWords(segment(text), hashtags));
  respellBare(perText);
  const phrases = acceptedPhrases(perText.flatMap((text) => text.groups));
  const runs = perText.flatMap(cloudRuns);
  const phraseCount = (run: Term[], i: number) => phrases.get(phraseAt(run, i) ?? "") ?? 0;

  const words = new Map<string, number>();
  for (const run of runs) {
    for (let i = 0; i < run.length; i++) {
      const count = phraseCount(run, i);
      if (count > 0 && count >= phraseCount(run, i + 1)) {
        increment(words, `${run[i].key} ${run[i + 1].key}`);
        i++;
      } else {
        increment(words, run[i].key);
      }
    }
  }
  const limit = opts.limit ?? DEFAULT_LIMIT;
  return { words: ranked(words, limit), hashtags: ranked(hashtags, limit) };
}
