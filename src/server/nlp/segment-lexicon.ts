import { readFileSync } from "node:fs";
import { FORMER_PROVINCES } from "../../shared/provinces.ts";
import { normalizeForMatch, unaccent } from "./normalize.ts";

/** A word list as a trie over syllables; `word` marks the end of an entry. */
export type Trie = { next: Map<string, Trie>; word: boolean };

export const newTrie = (): Trie => ({ next: new Map(), word: false });

export function addToTrie(trie: Trie, syllables: readonly string[]): void {
  let node = trie;
  for (const syllable of syllables) {
    let child = node.next.get(syllable);
    if (!child) node.next.set(syllable, (child = newTrie()));
    node = child;
  }
  node.word = true;
}

/** "Hòa bình" → ["hòa", "bình"]: lowercase, canonical tone marks, split at spaces. */
export const syllablesOf = (entry: string): string[] => normalizeForMatch(entry).split(/\s+/).filter(Boolean);

// The shipped pyvi list (MIT, see lexicon/LICENSE-pyvi.txt) and our own additions (lexicon/additions.txt).
const LEXICON_FILES = ["pyvi-words.txt", "additions.txt"];
const NUMERALS = new Set(["một", "hai", "ba", "bốn", "tư", "năm", "sáu", "bảy", "tám", "chín", "mười"]);

/** Ordinals are built, not listed: "thứ hai" is "thứ" + "hai" (the list has a few, the treebank splits them). */
const isOrdinal = (syllables: string[]) => syllables.length === 2 && syllables[0] === "thứ" && NUMERALS.has(syllables[1]);

function lexiconEntries(): string[][] {
  const entries: string[][] = [];
  for (const file of LEXICON_FILES) {
    // Folding the whole file at once is several times faster than line by line.
    const lines = normalizeForMatch(readFileSync(new URL(`./lexicon/${file}`, import.meta.url), "utf8")).split("\n");
    for (const line of lines) {
      if (line.startsWith("#")) continue;
      const syllables = line.split(" ").filter(Boolean);
      if (syllables.length > 0 && !isOrdinal(syllables)) entries.push(syllables);
    }
  }
  for (const province of FORMER_PROVINCES) {
    for (const name of [province.name, ...province.aliases]) entries.push(syllablesOf(name));
  }
  return entries;
}

/** The word list twice: with diacritics (for normal text) and without (for text typed without them). */
type Lexicon = { accented: Trie; bare: Trie };

let lexicon: Lexicon | undefined;

/** Built on first use (about 60 ms), then shared. */
export function getLexicon(): Lexicon {
  if (!lexicon) {
    const accented = newTrie();
    const bare = newTrie();
    for (const syllables of lexiconEntries()) {
      addToTrie(accented, syllables);
      addToTrie(bare, syllables.map(unaccent));
    }
    lexicon = { accented, bare };
  }
  return lexicon;
}
