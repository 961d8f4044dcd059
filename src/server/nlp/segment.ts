import { normalizeForMatch, unaccent } from "./normalize.ts";
import { addToTrie, getLexicon, newTrie, syllablesOf, type Trie } from "./segment-lexicon.ts";
import { scan, type ScanKind, type ScanToken } from "./segment-scan.ts";

/**
 * Vietnamese word segmentation (docs/nlp/segmentation.md). Vietnamese writes syllables separated by spaces and a
 * word has one to four of them, so words are found by matching syllables against a word list:
 * 1. URLs, e-mail addresses, #hashtags, @handles, numbers and words with digits are single tokens, and
 *    punctuation ends every word (segment-scan.ts).
 * 2. The caller's phrases (a project's brand names and keywords) are matched first, each as one word, with the
 *    keyword matcher's diacritic rule (a span typed without diacritics matches any; one with them must spell it).
 * 3. Names: a run of two or more capitalised syllables ("Nguyễn Thị Kim Oanh", "Cần Thơ") is one word. At the start
 *    of a sentence the first syllable is left out when it is a word by itself ("Ông | Nguyễn Văn Nam").
 * 4. The rest: backward maximum matching over the word list (tone marks folded, case ignored), plus full
 *    reduplications ("từ từ"). A text written almost without diacritics is matched against the list without them.
 */

type SegmentKind = "word" | "name" | "phrase" | "number" | "url" | "hashtag" | "handle" | "punct";
/**
 * start and end are UTF-16 offsets into text.normalize("NFC"); text is that slice, as written. joined: only spaces,
 * no line break, separate it from the previous segment (adjacent words may make a phrase).
 */
export type Segment = { text: string; start: number; end: number; kind: SegmentKind; joined: boolean };
type SegmentOptions = { phrases?: readonly string[] };

// Below this share of syllables with diacritics the text was typed without them ("sua tuoi ngon qua").
const MIN_ACCENTED_SHARE = 0.15;
// Above this share of capitalised syllables a text is in Title Case ("Review Sữa Tươi Có Ngon Không"): capitals
// then mark no names, and the word list decides alone.
const MAX_CAPITALISED_SHARE = 0.85;
const MIN_TITLE_CASE_SYLLABLES = 5;
// Longest entry of the word list that is searched for; longer ones are proverbs and never match anyway.
const MAX_WORD_SYLLABLES = 6;

/** Whether a text of this many syllables, this many of them with diacritics, was typed without diacritics. */
export const typedWithoutDiacritics = (syllables: number, accented: number): boolean =>
  syllables > 0 && accented < MIN_ACCENTED_SHARE * syllables;

/** key: lowercase with canonical tone marks; bare: key without diacritics; syllable: letters only. */
type Token = ScanToken & { key: string; bare: string; syllable: boolean; capitalised: boolean };
type Spelling = Pick<Token, "key" | "bare" | "syllable" | "capitalised">;

const LETTERS_RE = /^[\p{L}\p{M}]+$/u;
const CAPITALISED_RE = /^\p{Lu}[\p{Ll}\p{M}]*$/u;
// Texts share a few thousand syllables, so their folded forms are cached.
const SPELLING_CACHE_LIMIT = 50_000;
const spellings = new Map<string, Spelling>();

function spellingOf(text: string): Spelling {
  let spelling = spellings.get(text);
  if (!spelling) {
    if (spellings.size >= SPELLING_CACHE_LIMIT) spellings.clear();
    const key = normalizeForMatch(text);
    const syllable = LETTERS_RE.test(text);
    spellings.set(text, (spelling = { key, bare: unaccent(key), syllable, capitalised: syllable && CAPITALISED_RE.test(text) }));
  }
  return spelling;
}

const NOT_A_WORD: Spelling = { key: "", bare: "", syllable: false, capitalised: false };

function tokenize(source: string): Token[] {
  return scan(source).map((token) => {
    const spelled = token.kind === "alnum" || token.kind === "number";
    const spelling = spelled ? spellingOf(source.slice(token.start, token.end)) : NOT_A_WORD;
    const { start, end, kind, joined, sentenceStart } = token;
    const syllable = kind === "alnum" && spelling.syllable;
    return {
      start,
      end,
      kind,
      joined,
      sentenceStart,
      key: spelling.key,
      bare: spelling.bare,
      syllable,
      capitalised: syllable && spelling.capitalised,
    };
  });
}

/** Caller phrases over bare syllables; each node keeps the spellings with diacritics of its syllable. */
type PhraseTrie = Trie & { spellings?: Set<string> };

function phraseTrie(phrases: readonly string[]): PhraseTrie | undefined {
  if (phrases.length === 0) return undefined;
  const trie: PhraseTrie = newTrie();
  for (const phrase of phrases) {
    const syllables = syllablesOf(phrase.replace(/[^\p{L}\p{M}\p{N}]+/gu, " "));
    if (syllables.length === 0) continue;
    addToTrie(trie, syllables.map(unaccent));
    let node: PhraseTrie = trie;
    for (const syllable of syllables) {
      node = node.next.get(unaccent(syllable))!;
      (node.spellings ??= new Set()).add(syllable);
    }
  }
  return trie;
}

/** Walks the phrase trie through one syllable; undefined when the phrase does not go on with it. */
function phraseStep(node: PhraseTrie, key: string, bare: string): PhraseTrie | undefined {
  const next: PhraseTrie | undefined = node.next.get(bare);
  // A syllable with diacritics must be spelled like the phrase's, unless the phrase was typed without them.
  if (!next || (key !== bare && !next.spellings!.has(key) && !next.spellings!.has(bare))) return undefined;
  return next;
}

// A token may hold several syllables: "Coca-Cola", "TP.HCM".
const INNER_SEPARATOR_RE = /[-.]/;

/** A hyphen or dot with no space on either side ("Coca-Cola", split there as two names). */
const isGlue = (source: string, tokens: Token[], j: number) =>
  tokens[j].end - tokens[j].start === 1 &&
  INNER_SEPARATOR_RE.test(source[tokens[j].start]) &&
  tokens[j].start === tokens[j - 1]?.end &&
  tokens[j + 1]?.start === tokens[j].end;

/**
 * Length in tokens of the longest caller phrase starting at token i (0 if none). Syllables may be separated by
 * spaces or joined by hyphens or dots ("Coca-Cola" matches "coca cola", "TP.HCM" "TP HCM"), and a phrase ends where
 * a token ends.
 */
function phraseAt(trie: PhraseTrie, source: string, tokens: Token[], i: number): number {
  let node: PhraseTrie | undefined = trie;
  let best = 0;
  // As in the keyword matcher: a span with diacritics must spell the phrase's, its plain syllables included.
  let marked = false;
  let loose = false;
  for (let j = i; j < tokens.length; j++) {
    const token = tokens[j];
    if (j > i && isGlue(source, tokens, j)) continue;
    if ((token.kind !== "alnum" && token.kind !== "number") || (j > i && !token.joined && !isGlue(source, tokens, j - 1))) break;
    const keys = token.key.split(INNER_SEPARATOR_RE);
    const bares = token.bare.split(INNER_SEPARATOR_RE);
    for (let k = 0; k < keys.length && node; k++) {
      node = phraseStep(node, keys[k], bares[k]);
      if (keys[k] !== bares[k]) marked = true;
      else if (node && !node.spellings!.has(bares[k])) loose = true;
    }
    if (!node) break;
    if (node.word && !(marked && loose)) best = j + 1 - i;
  }
  return best;
}

/** Bit n of lengths[i] is set when syllables i … i+n-1 of the run form a word. */
function wordLengths(run: Token[], trie: Trie, bare: boolean): number[] {
  const lengths = new Array<number>(run.length);
  for (let i = 0; i < run.length; i++) {
    let bits = 0;
    let node: Trie | undefined = trie;
    for (let j = i; j < run.length && j - i < MAX_WORD_SYLLABLES; j++) {
      node = node.next.get(bare ? run[j].bare : run[j].key);
      if (!node) break;
      if (node.word) bits |= 1 << (j + 1 - i);
    }
    if (i + 1 < run.length && run[i].key === run[i + 1].key) bits |= 1 << 2; // "từ từ", "xanh xanh"
    lengths[i] = bits;
  }
  return lengths;
}

/** Backward maximum matching of run[from, to): from the end, the longest word ending at each point. */
function backwardCuts(lengths: number[], from: number, to: number): number[] {
  const cuts: number[] = [];
  for (let end = to; end > from; ) {
    cuts.push(end);
    let start = end - 1;
    for (let i = Math.max(from, end - MAX_WORD_SYLLABLES); i < end - 1; i++) {
      if (lengths[i] & (1 << (end - i))) {
        start = i;
        break;
      }
    }
    end = start;
  }
  return cuts.reverse();
}

/**
 * The name starting at run[i], as [start, end) syllables: two or more capitalised syllables. At a sentence start
 * the first one is left out when it is a word by itself ("Ông | Nguyễn Văn Nam", "Bà | Liễu").
 */
function nameAt(run: Token[], i: number, lengths: number[]): [number, number] | undefined {
  let end = i;
  while (end < run.length && run[end].capitalised) end++;
  const start = i === 0 && run[0].sentenceStart && lengths[0] & (1 << 1) ? 1 : i;
  return end - start >= 2 ? [start, end] : undefined;
}

type Emit = (first: Token, last: Token, kind: SegmentKind) => void;

/** Segments a run of syllables with only spaces between them. */
function segmentRun(run: Token[], lexicon: Trie, bare: boolean, names: boolean, emit: Emit): void {
  const lengths = wordLengths(run, lexicon, bare);
  let done = 0;
  const emitWords = (to: number) => {
    let from = done;
    for (const cut of backwardCuts(lengths, done, to)) {
      emit(run[from], run[cut - 1], "word");
      from = cut;
    }
  };
  for (let i = 0; i < run.length; ) {
    const name = names ? nameAt(run, i, lengths) : undefined;
    if (!name) {
      i++;
      continue;
    }
    emitWords(name[0]);
    emit(run[name[0]], run[name[1] - 1], "name");
    done = i = name[1];
  }
  emitWords(run.length);
}

const KIND_OF: Record<ScanKind, SegmentKind> = {
  alnum: "word",
  number: "number",
  url: "url",
  hashtag: "hashtag",
  handle: "handle",
  punct: "punct",
};

/** Builds the phrase matcher once, for segmenting many texts with the same phrases. */
export function segmenter(phrases: readonly string[]): (text: string) => Segment[] {
  const phrasesTrie = phraseTrie(phrases);
  return (text) => {
    const source = text.normalize("NFC");
    const tokens = tokenize(source);
    let syllables = 0;
    let accented = 0;
    let capitalised = 0;
    for (const token of tokens) {
      if (!token.syllable) continue;
      syllables++;
      if (token.key !== token.bare) accented++;
      if (token.capitalised) capitalised++;
    }
    const bare = typedWithoutDiacritics(syllables, accented);
    const names = syllables < MIN_TITLE_CASE_SYLLABLES || capitalised <= MAX_CAPITALISED_SHARE * syllables;
    const lexicon = bare ? getLexicon().bare : getLexicon().accented;
    const out: Segment[] = [];
    const emit: Emit = (first, last, kind) =>
      out.push({ text: source.slice(first.start, last.end), start: first.start, end: last.end, kind, joined: first.joined });

    let run: Token[] = [];
    const flush = () => {
      if (run.length > 0) segmentRun(run, lexicon, bare, names, emit);
      run = [];
    };
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i];
      const phrase = phrasesTrie ? phraseAt(phrasesTrie, source, tokens, i) : 0;
      if (phrase > 0) {
        flush();
        emit(token, tokens[i + phrase - 1], "phrase");
        i += phrase - 1;
      } else if (token.syllable) {
        if (!token.joined) flush();
        run.push(token);
      } else {
        flush();
        emit(token, token, KIND_OF[token.kind]);
      }
    }
    flush();
    return out;
  };
}

/** Words of a text in order, with their kind and offsets; punctuation tokens included. */
export function segmentTokens(text: string, options: SegmentOptions = {}): Segment[] {
  return segmenter(options.phrases ?? [])(text);
}

/** Like segmenter(), for words only: as written, multi-syllable words joined by one space; no punctuation. */
export function wordSegmenter(phrases: readonly string[]): (text: string) => string[] {
  const segmentText = segmenter(phrases);
  return (text) =>
    segmentText(text)
      .filter((s) => s.kind !== "punct")
      .map((s) => s.text.replace(/\s+/g, " "));
}

/** The words of a text as written, multi-syllable words joined by one space; no punctuation. */
export function segment(text: string, options: SegmentOptions = {}): string[] {
  return wordSegmenter(options.phrases ?? [])(text);
}
