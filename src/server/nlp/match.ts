import { type QueryNode, queryTerms } from "../../shared/query/query-ast.ts";
import { nfc, normalizeForMatch, unaccent } from "./normalize";
import { type Occurrence, queryHolds, type TextOrigin } from "./query-holds.ts";

/**
 * A project's keywords, and the phrases whose presence anywhere in a document drops what its keywords matched there; or
 * its advanced query, whose terms are then its keywords and which must hold of the document (issue 38).
 */
export type KeywordSet = { projectId: string; keywords: string[]; excluded?: string[]; query?: QueryNode | null };
type Match = { projectId: string; keyword: string; start: number; end: number }; // offsets into nfc(text), UTF-16, end exclusive
/** A keyword's or an excluded phrase's occurrence, before exclusions drop what they exclude. */
type Hit = Match & { excludes: boolean };
/** A text of unknown origin: no title, no channel, no site. */
const NOWHERE: TextOrigin = { titleEnd: 0, channel: null, site: null };

export interface Matcher {
  /** The keywords found in the text; a query's fields read where the text comes from. */
  match(text: string, origin?: TextOrigin): Match[];
  /** Number of (project, keyword) pairs watched. */
  size: number;
}

// Rules (see docs/nlp/normalization.md):
// - Text and keywords are compared as syllables (runs of letters and digits) after normalizeForMatch, so case,
//   tone-mark placement and any punctuation or whitespace between syllables do not matter, and a keyword never
//   matches inside a longer syllable ("Viettel" ≠ "Viettelpay", "TH" ≠ "THPT").
// - Diacritics are decided per matched span: a span written without any diacritic ("hoa phat") matches whatever the
//   keyword's diacritics; a span carrying any diacritic is a written word, so each of its syllables must equal the
//   keyword's ("bó sửa" ≠ "bò sữa", "Bò sua" ≠ "bò sữa"), except keyword syllables the customer typed without
//   diacritics, which match any spelling ("vietjet" finds "Vietjét").
// - A hashtag body is also split at CamelCase and letter/digit changes (#VinamilkVietNam = Vinamilk|Viet|Nam); a
//   keyword matches when its space-less form covers whole parts, or is a prefix of at least
//   MIN_HASHTAG_PREFIX letters (#vinamilkchinhhang), compared letter by letter with the same diacritic rule.

const MIN_HASHTAG_PREFIX = 5;
// Starting with a letter or digit keeps emoji variation selectors (also marks) out: "❤️Vinamilk".
const SYLLABLE_RE = /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/gu;
const HASHTAG_BODY_RE = /(?<!&)#([\p{L}\p{N}][\p{L}\p{M}\p{N}]*)/gu;

type Owner = { projectId: string; keyword: string; excludes: boolean };
/** A distinct normalized keyword ("sữa tươi") with every project watching it. */
type Pattern = {
  syllables: string[];
  bareSyllables: string[];
  /** Per syllable: typed without diacritics, so it matches any spelling. */
  plainSyllables: boolean[];
  spaceless: string;
  bareSpaceless: string;
  /** Per letter of spaceless: part of a syllable typed without diacritics. */
  plainLetters: boolean[];
  owners: Owner[];
};
type Syllable = { start: number; end: number; text: string; bare: string };

/** Aho-Corasick state over unaccented syllable ids. */
type State = { next: Map<number, State>; fail: State | undefined; outputs: Pattern[] };
/** Character trie of unaccented space-less keywords, for hashtag bodies. */
type CharNode = { next: Map<string, CharNode>; patterns: Pattern[] };

const newState = (): State => ({ next: new Map(), fail: undefined, outputs: [] });
const newCharNode = (): CharNode => ({ next: new Map(), patterns: [] });

function syllablesOf(normalized: string): Syllable[] {
  const bare = unaccent(normalized);
  return Array.from(normalized.matchAll(SYLLABLE_RE), (m) => {
    const end = m.index + m[0].length;
    return { start: m.index, end, text: m[0], bare: bare.slice(m.index, end) };
  });
}

/** Each keyword and excluded phrase of every set, once per project and role, with the projects and roles it has. */
function collectPatterns(sets: KeywordSet[]): Pattern[] {
  const patterns = new Map<string, Pattern>();
  const seen = new Set<string>();
  const phrases = sets.flatMap(({ projectId, keywords, excluded = [], query }) => [
    ...(query ? queryTerms(query).map((t) => t.text) : keywords).map((keyword) => ({ projectId, keyword, excludes: false })),
    ...excluded.map((keyword) => ({ projectId, keyword, excludes: true })),
  ]);
  for (const owner of phrases) {
    const syllables = syllablesOf(normalizeForMatch(owner.keyword));
    if (syllables.length === 0) continue;
    const key = syllables.map((s) => s.text).join(" ");
    const role = `${owner.projectId}\u0000${owner.excludes}\u0000${key}`;
    if (seen.has(role)) continue;
    seen.add(role);
    let pattern = patterns.get(key);
    if (!pattern) {
      pattern = {
        syllables: syllables.map((s) => s.text),
        bareSyllables: syllables.map((s) => s.bare),
        plainSyllables: syllables.map((s) => s.text === s.bare),
        spaceless: syllables.map((s) => s.text).join(""),
        bareSpaceless: syllables.map((s) => s.bare).join(""),
        plainLetters: syllables.flatMap((s) => Array.from(s.text, () => s.text === s.bare)),
        owners: [],
      };
      patterns.set(key, pattern);
    }
    pattern.owners.push(owner);
  }
  return [...patterns.values()];
}

// Loops rather than every(): these run for every candidate span of every ingested document.
function syllablesAgree(pattern: Pattern, syllables: Syllable[], first: number): boolean {
  const count = pattern.syllables.length;
  let plain = true;
  for (let k = 0; k < count && plain; k++) plain = syllables[first + k].text === syllables[first + k].bare;
  if (plain) return true;
  for (let k = 0; k < count; k++) {
    if (!pattern.plainSyllables[k] && syllables[first + k].text !== pattern.syllables[k]) return false;
  }
  return true;
}

function lettersAgree(pattern: Pattern, text: string, bare: string, from: number): boolean {
  const count = pattern.spaceless.length;
  let plain = true;
  for (let j = from; j < from + count && plain; j++) plain = text.charCodeAt(j) === bare.charCodeAt(j);
  if (plain) return true;
  for (let j = 0; j < count; j++) {
    if (!pattern.plainLetters[j] && text[from + j] !== pattern.spaceless[j]) return false;
  }
  return true;
}

function isUpper(char: string | undefined): boolean {
  return char !== undefined && char !== char.toLowerCase();
}
function isLower(char: string | undefined): boolean {
  return char !== undefined && char !== char.toUpperCase();
}
function isDigit(char: string): boolean {
  return /\p{N}/u.test(char);
}

/** Part boundaries of a hashtag body in its original case: "VinamilkVietNam" → {0, 8, 12, 15}. */
function hashtagBoundaries(body: string): Set<number> {
  const boundaries = new Set([0, body.length]);
  for (let i = 1; i < body.length; i++) {
    const [before, char, after] = [body[i - 1], body[i], body[i + 1]];
    if ((isLower(before) && isUpper(char)) || isDigit(before) !== isDigit(char) || (isUpper(before) && isUpper(char) && isLower(after))) {
      boundaries.add(i);
    }
  }
  return boundaries;
}

class KeywordMatcher implements Matcher {
  readonly size: number;
  private readonly queries: Map<string, QueryNode>;
  private readonly ids = new Map<string, number>();
  private readonly root = newState();
  private readonly charRoot = newCharNode();

  constructor(patterns: Pattern[], queries: Map<string, QueryNode>) {
    this.queries = queries;
    this.size = patterns.reduce((sum, p) => sum + p.owners.filter((o) => !o.excludes).length, 0);
    for (const pattern of patterns) {
      this.addSyllablePath(pattern);
      this.addCharPath(pattern);
    }
    this.linkFailures();
  }

  private addSyllablePath(pattern: Pattern): void {
    let state = this.root;
    for (const bare of pattern.bareSyllables) {
      let id = this.ids.get(bare);
      if (id === undefined) this.ids.set(bare, (id = this.ids.size));
      let next = state.next.get(id);
      if (!next) state.next.set(id, (next = newState()));
      state = next;
    }
    state.outputs.push(pattern);
  }

  private addCharPath(pattern: Pattern): void {
    let node = this.charRoot;
    for (const char of pattern.bareSpaceless) {
      let next = node.next.get(char);
      if (!next) node.next.set(char, (next = newCharNode()));
      node = next;
    }
    node.patterns.push(pattern);
  }

  /** Breadth-first, so every state's failure target already has its full output list. */
  private linkFailures(): void {
    const queue: State[] = [];
    for (const child of this.root.next.values()) {
      child.fail = this.root;
      queue.push(child);
    }
    for (let head = 0; head < queue.length; head++) {
      const state = queue[head];
      for (const [id, child] of state.next) {
        let fail = state.fail!;
        while (fail !== this.root && !fail.next.has(id)) fail = fail.fail!;
        child.fail = fail.next.get(id) ?? this.root;
        child.outputs.push(...child.fail.outputs);
        queue.push(child);
      }
    }
  }

  /**
   * The keywords found, less every match of a project one of whose excluded phrases occurs anywhere in the text, and of
   * a project whose query does not hold of it.
   */
  match(text: string, origin: TextOrigin = NOWHERE): Match[] {
    const normalized = normalizeForMatch(text);
    const syllables = syllablesOf(normalized);
    const hits = this.matchSyllables(syllables);
    if (normalized.includes("#")) this.matchHashtags(text, normalized, hits);
    const dropped = new Set(hits.filter((h) => h.excludes).map((h) => h.projectId));
    if (this.queries.size > 0) for (const id of this.failedQueries(hits, syllables, origin)) dropped.add(id);
    return hits
      .filter((h) => !h.excludes && !dropped.has(h.projectId))
      .map(({ projectId, keyword, start, end }) => ({ projectId, keyword, start, end }))
      .sort((a, b) => a.start - b.start || a.end - b.end);
  }

  /** The projects with a query among those found whose query does not hold of the text. */
  private failedQueries(hits: Hit[], syllables: Syllable[], origin: TextOrigin): string[] {
    const byProject = new Map<string, Map<string, Occurrence[]>>();
    for (const hit of hits) {
      if (hit.excludes || !this.queries.has(hit.projectId)) continue;
      let occurrences = byProject.get(hit.projectId);
      if (!occurrences) byProject.set(hit.projectId, (occurrences = new Map()));
      const list = occurrences.get(hit.keyword) ?? [];
      list.push({ start: hit.start, end: hit.end, first: syllableAt(syllables, hit.start), last: syllableAt(syllables, hit.end - 1) });
      occurrences.set(hit.keyword, list);
    }
    return [...byProject].filter(([id, occurrences]) => !queryHolds(this.queries.get(id)!, occurrences, origin)).map(([id]) => id);
  }

  private matchSyllables(syllables: Syllable[]): Hit[] {
    const matches: Hit[] = [];
    let state = this.root;
    for (let i = 0; i < syllables.length; i++) {
      const id = this.ids.get(syllables[i].bare);
      if (id === undefined) {
        state = this.root;
        continue;
      }
      while (state !== this.root && !state.next.has(id)) state = state.fail!;
      state = state.next.get(id) ?? this.root;
      for (const pattern of state.outputs) {
        const first = i - pattern.syllables.length + 1;
        if (!syllablesAgree(pattern, syllables, first)) continue;
        for (const owner of pattern.owners) matches.push({ ...owner, start: syllables[first].start, end: syllables[i].end });
      }
    }
    return matches;
  }

  private matchHashtags(text: string, normalized: string, matches: Hit[]): void {
    const found = new Set(matches.map((m) => `${m.projectId}\u0000${m.excludes}\u0000${m.keyword}\u0000${m.start}`));
    const cased = nfc(text);
    const bare = unaccent(normalized);
    for (const m of normalized.matchAll(HASHTAG_BODY_RE)) {
      const bodyStart = m.index + 1;
      const bodyEnd = bodyStart + m[1].length;
      const boundaries = hashtagBoundaries(cased.slice(bodyStart, bodyEnd));
      for (const from of boundaries) {
        let node: CharNode | undefined = this.charRoot;
        for (let end = bodyStart + from; node && end <= bodyEnd; node = node.next.get(bare[end++])) {
          const length = end - bodyStart - from;
          const accepted = boundaries.has(end - bodyStart) || (from === 0 && length >= MIN_HASHTAG_PREFIX);
          if (!accepted) continue;
          for (const pattern of node.patterns) {
            if (!lettersAgree(pattern, normalized, bare, bodyStart + from)) continue;
            for (const owner of pattern.owners) {
              const key = `${owner.projectId}\u0000${owner.excludes}\u0000${owner.keyword}\u0000${bodyStart + from}`;
              if (found.has(key)) continue;
              found.add(key);
              matches.push({ ...owner, start: bodyStart + from, end });
            }
          }
        }
      }
    }
  }
}

/** The index of the syllable an offset falls in (an offset between syllables counts with the one before). */
function syllableAt(syllables: Syllable[], offset: number): number {
  let low = 0;
  let high = syllables.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (syllables[mid].start <= offset) low = mid + 1;
    else high = mid;
  }
  return low - 1;
}

export function buildMatcher(sets: KeywordSet[]): Matcher {
  const queries = new Map(sets.flatMap((s) => (s.query ? [[s.projectId, s.query] as const] : [])));
  return new KeywordMatcher(collectPatterns(sets), queries);
}

export function matchKeywords(
  keywords: string[],
  text: string,
  excluded: string[] = [],
): { keyword: string; start: number; end: number }[] {
  return buildMatcher([{ projectId: "", keywords, excluded }])
    .match(text)
    .map(({ keyword, start, end }) => ({ keyword, start, end }));
}
