import { isStopword } from "./stopwords";
import { type Token, tokenizeClauses } from "./tokenize";

export type TermCount = { term: string; count: number };
export type TopWords = { words: TermCount[]; hashtags: TermCount[] };

const DEFAULT_LIMIT = 50;
const MIN_PHRASE_COUNT = 2;

const STARTS_WITH_NUMBER = /^\p{N}/u;

function isCloudWord(token: Token): boolean {
  const { kind, text } = token;
  // Two UTF-16 units may still be one character (outside the BMP); only then is the spread needed.
  const long = text.length > 2 || (text.length === 2 && [...text].length === 2);
  return kind === "word" && long && !isStopword(text) && !STARTS_WITH_NUMBER.test(text);
}

function increment(counts: Map<string, number>, term: string): void {
  counts.set(term, (counts.get(term) ?? 0) + 1);
}

function ranked(counts: Map<string, number>, limit: number): TermCount[] {
  return [...counts]
    .map(([term, count]) => ({ term, count }))
    .sort((a, b) => b.count - a.count || a.term.localeCompare(b.term, "vi"))
    .slice(0, limit);
}

/** Runs of adjacent cloud words inside one clause; stop words, numbers, emoji etc. break a run. */
function wordRuns(clause: Token[]): string[][] {
  const runs: string[][] = [[]];
  for (const token of clause) {
    if (isCloudWord(token)) runs.at(-1)!.push(token.text);
    else if (runs.at(-1)!.length > 0) runs.push([]);
  }
  return runs.filter((run) => run.length > 0);
}

/**
 * Keyword cloud: words and hashtags by frequency. Vietnamese words are often two syllables, so each run is
 * segmented greedily into frequent two-syllable phrases ("sữa tươi", "giao hàng") and single syllables; where two
 * phrases overlap ("sữa tươi vinamilk") the more frequent one wins, so a syllable is never counted twice.
 */
export function topWords(texts: string[], opts: { limit?: number } = {}): TopWords {
  const runs: string[][] = [];
  const hashtags = new Map<string, number>();
  for (const clause of texts.flatMap(tokenizeClauses)) {
    for (const token of clause) if (token.kind === "hashtag") increment(hashtags, token.text);
    runs.push(...wordRuns(clause));
  }
  // The phrase starting at each syllable of each run ("" after the last one), built once.
  const phrases = runs.map((run) => run.map((syllable, i) => (i + 1 < run.length ? `${syllable} ${run[i + 1]}` : "")));
  const pairs = new Map<string, number>();
  for (const runPhrases of phrases) for (const phrase of runPhrases) if (phrase) increment(pairs, phrase);
  const pairCount = (phrase: string | undefined) => (phrase ? pairs.get(phrase)! : 0);

  const words = new Map<string, number>();
  runs.forEach((run, r) => {
    const runPhrases = phrases[r];
    for (let i = 0; i < run.length; i++) {
      const count = pairCount(runPhrases[i]);
      if (count >= MIN_PHRASE_COUNT && count >= pairCount(runPhrases[i + 1])) {
        increment(words, runPhrases[i]);
        i++;
      } else {
        increment(words, run[i]);
      }
    }
  });
  const limit = opts.limit ?? DEFAULT_LIMIT;
  return { words: ranked(words, limit), hashtags: ranked(hashtags, limit) };
}
