import { FORMER_PROVINCES, PROVINCES, type Province } from "../../shared/provinces.ts";
import { nfc, normalizeForMatch, unaccent } from "./normalize.ts";

/**
 * "post" (default): free text, where many place names are also ordinary words or people's names, so a name counts
 * when introduced by a place cue ("tỉnh", "TP", "ở", "tại", "quê", "in"… or followed by "City", "Việt Nam"),
 * when capitalised, or when written lowercase with its exact diacritics, depending on how ambiguous it is.
 * "location": a profile's location field, a place by construction, so lowercase and unaccented spellings count
 * too. A field that holds nothing but one name — around it at most "Tỉnh", "TP.", "Thành phố", "Thủ đô" and the
 * country, its syllables spaced or run together ("hoa binh", "tp ho chi minh", "quangnam, vn") — is that place
 * whatever the name's strictness; in a longer field, names that are common words ("vinh") still need capitals or a cue.
 * In both modes a name right after a street/ward word ("đường Hà Nội"), an honorific ("anh Vinh") or a
 * capitalised surname ("Nguyễn Hà Nam") is not a place, and abbreviations (HN, SG, ĐN…) count only in capitals.
 */
type DetectMode = "post" | "location";

/**
 * plain: any name written with its diacritics counts; without them it must be capitalised, since "hai phong" may
 * be "hai phòng" (two rooms). proper: also an ordinary lowercase phrase ("cao bằng nhau"), so it must be
 * capitalised. cue: a common word or person's name even capitalised ("Vinh quang", "Hòa Bình"): posts need a cue.
 */
type Strictness = "plain" | "proper" | "cue";

const NEEDS_CUE = ["Vinh", "Hòa Bình", "Hồ Chí Minh"];
const NEEDS_CAPITALS = [
  "Huế",
  "Long An",
  "Cao Bằng",
  "Thái Bình",
  "Hải Dương",
  "Bình Định",
  "Nam Định",
  "Quảng Nam",
  "Bến Tre",
  "Tây Ninh",
  "Hà Nam",
  "Hà Giang",
  "Vĩnh Phúc",
  "Kiên Giang",
  "Thuận An",
  "Bảo Lộc",
];
/** Phrases containing a place name that do not mean the place; matching them first keeps the name from firing. */
const NOT_PLACES = ["Thái Bình Dương", "bún bò Huế"];

/** What a location field may hold around a lone name: "Tỉnh Hòa Bình", "TP. Huế", "Hà Nội, Việt Nam". */
const FIELD_PREFIXES = ["tỉnh", "thành phố", "tp", "t p", "thủ đô"];
const FIELD_SUFFIXES = ["city", "province", "việt nam", "vietnam", "vn"];

const CUES_BEFORE = ["tỉnh", "thành phố", "tp", "thị xã", "tx", "ở", "tại", "quê", "đến từ", "in", "from"];
const CUES_AFTER = ["city", "province", "Việt Nam", "Vietnam"];
/** A street or ward named after a province is not the province: "đường Hà Nội", "phường Hòa Bình". */
const SUBDIVISIONS = ["đường", "phố", "phường", "xã", "quận", "huyện", "thôn", "ấp", "ngõ", "hẻm", "lộ"];
const HONORIFICS = ["anh", "chị", "ông", "bà", "cô", "chú", "bác", "thầy", "dì", "cậu", "mr", "ms", "mrs"];
/** Capitalised right before a name, these make it a person's name: "Nguyễn Hà Nam", "Trần Thị Hà Giang". */
const SURNAMES = [
  "Nguyễn",
  "Trần",
  "Lê",
  "Phạm",
  "Hoàng",
  "Huỳnh",
  "Phan",
  "Vũ",
  "Võ",
  "Đặng",
  "Bùi",
  "Đỗ",
  "Ngô",
  "Dương",
  "Lý",
  "Đinh",
  "Trương",
  "Đào",
  "Trịnh",
  "Đoàn",
  "Lương",
  "Văn",
  "Thị",
];

type Token = {
  surface: string;
  /** normalizeForMatch form: lowercase, NFC, one tone-mark placement. */
  folded: string;
  /** folded without diacritics: the trie key. */
  key: string;
  unmarked: boolean;
  capitalised: boolean;
  /** Characters between the previous token and this one. */
  gap: string;
};

type Entry = {
  /** null for NOT_PLACES. */
  province: Province | null;
  /** Folded syllables; for abbreviations the exact surface. */
  syllables: readonly string[];
  abbreviation: boolean;
  strictness: Strictness;
};

type TrieNode = { children: Map<string, TrieNode>; entries: Entry[] };
type Match = { entry: Entry; start: number; end: number };

const TOKEN_RE = /[\p{L}\p{M}\p{N}]+/gu;
const NAME_GAP_RE = /^[\s\-–—]*$/;
const CLAUSE_BREAK_RE = /[;!?\n]/;

function tokenize(text: string): Token[] {
  const source = nfc(text);
  const tokens: Token[] = [];
  let previousEnd = 0;
  for (const { 0: surface, index } of source.matchAll(TOKEN_RE)) {
    const folded = normalizeForMatch(surface);
    tokens.push({
      surface,
      folded,
      key: unaccent(folded),
      unmarked: unaccent(surface) === surface,
      capitalised: /^\p{Lu}/u.test(surface),
      gap: source.slice(previousEnd, index),
    });
    previousEnd = index + surface.length;
  }
  return tokens;
}

const foldedWords = (phrase: string) => tokenize(phrase).map((t) => t.folded);
const keyOf = (phrase: string) =>
  tokenize(phrase)
    .map((t) => t.key)
    .join(" ");

/** Text without diacritics matches any marked spelling; text with diacritics must match them. */
const syllableMatches = (token: Token, syllable: string) =>
  token.folded === syllable || (token.unmarked && token.key === unaccent(syllable));

const wordsAt = (tokens: readonly Token[], start: number, words: readonly string[]) =>
  start >= 0 &&
  start + words.length <= tokens.length &&
  words.every((word, k) => syllableMatches(tokens[start + k], word) && (k === 0 || !CLAUSE_BREAK_RE.test(tokens[start + k].gap)));

const phraseList = (phrases: readonly string[]) => phrases.map(foldedWords);
const cuesBefore = phraseList(CUES_BEFORE);
const cuesAfter = phraseList(CUES_AFTER);
const subdivisionsAndHonorifics = phraseList([...SUBDIVISIONS, ...HONORIFICS]);
const surnames = phraseList(SURNAMES);
const fieldPrefixes = phraseList(FIELD_PREFIXES);
const fieldSuffixes = phraseList(FIELD_SUFFIXES);

/** Every name but the abbreviations, by its letters without diacritics or spaces ("hoabinh"): a whole field's key. */
const wholeNames = new Map<string, Entry[]>();

function buildTrie(): TrieNode {
  const root: TrieNode = { children: new Map(), entries: [] };
  const strictnessByKey = new Map<string, Strictness>([
    ...NEEDS_CUE.map((name) => [keyOf(name), "cue"] as const),
    ...NEEDS_CAPITALS.map((name) => [keyOf(name), "proper"] as const),
  ]);
  const unused = new Set(strictnessByKey.keys());
  const add = (phrase: string, province: Province | null, abbreviation = false) => {
    const tokens = tokenize(phrase);
    const key = tokens.map((t) => t.key).join(" ");
    unused.delete(key);
    let node = root;
    for (const token of tokens) {
      let child = node.children.get(token.key);
      if (!child) node.children.set(token.key, (child = { children: new Map(), entries: [] }));
      node = child;
    }
    const syllables = tokens.map((t) => (abbreviation ? t.surface : t.folded));
    const duplicate = node.entries.some((e) => e.province === province && e.syllables.join(" ") === syllables.join(" "));
    if (duplicate) return;
    const entry: Entry = { province, syllables, abbreviation, strictness: strictnessByKey.get(key) ?? "plain" };
    node.entries.push(entry);
    if (abbreviation) return;
    const whole = unaccent(syllables.join(""));
    wholeNames.set(whole, [...(wholeNames.get(whole) ?? []), entry]);
  };
  for (const province of PROVINCES) {
    add(province.name, province);
    add(province.nameEn, province);
  }
  for (const former of FORMER_PROVINCES) {
    const province = PROVINCES.find((p) => p.code === former.current)!;
    for (const name of [former.name, ...former.aliases]) add(name, province);
    for (const abbreviation of former.abbreviations) add(abbreviation, province, true);
  }
  for (const phrase of NOT_PLACES) add(phrase, null);
  if (unused.size > 0) throw new Error(`Not in the gazetteer: ${[...unused].join(", ")}`);
  return root;
}

const trie = buildTrie();

function entryMatches(entry: Entry, tokens: readonly Token[], start: number): boolean {
  return entry.syllables.every((syllable, k) => {
    const token = tokens[start + k];
    if (k > 0 && !NAME_GAP_RE.test(token.gap)) return false;
    return entry.abbreviation ? token.surface === syllable : syllableMatches(token, syllable);
  });
}

function longestMatch(tokens: readonly Token[], start: number): Match | null {
  let match: Match | null = null;
  let node: TrieNode | undefined = trie;
  for (let end = start; end < tokens.length; end++) {
    node = node.children.get(tokens[end].key);
    if (!node) break;
    const entry = node.entries.find((e) => entryMatches(e, tokens, start));
    if (entry) match = { entry, start, end: end + 1 };
  }
  return match;
}

const CUED = 3;
const CAPITALISED = 2;
const SPELLED = 1;
const REJECTED = 0;

function hasCue(tokens: readonly Token[], { start, end }: Match): boolean {
  const before = cuesBefore.some((cue) => wordsAt(tokens, start - cue.length, cue) && !CLAUSE_BREAK_RE.test(tokens[start].gap));
  const after = end < tokens.length && !CLAUSE_BREAK_RE.test(tokens[end].gap) && cuesAfter.some((cue) => wordsAt(tokens, end, cue));
  return before || after;
}

function isPersonOrStreet(tokens: readonly Token[], start: number): boolean {
  const previous = tokens[start - 1];
  if (!previous) return false;
  if (subdivisionsAndHonorifics.some((words) => wordsAt(tokens, start - 1, words))) return true;
  return previous.capitalised && surnames.some((words) => wordsAt(tokens, start - 1, words));
}

function strength(tokens: readonly Token[], match: Match, mode: DetectMode): number {
  if (hasCue(tokens, match)) return CUED;
  if (isPersonOrStreet(tokens, match.start)) return REJECTED;
  const { strictness, abbreviation, syllables } = match.entry;
  const span = tokens.slice(match.start, match.end);
  if (abbreviation || span.every((t) => t.capitalised)) return strictness === "cue" && mode === "post" ? REJECTED : CAPITALISED;
  if (strictness === "cue") return REJECTED;
  if (mode === "location") return SPELLED;
  if (strictness === "proper") return REJECTED;
  return span.every((t, k) => t.folded === syllables[k]) ? SPELLED : REJECTED;
}

const startsWithAny = (tokens: readonly Token[], start: number, phrases: readonly (readonly string[])[]) =>
  phrases.find((words) => wordsAt(tokens, start, words))?.length ?? 0;

/** Letter by letter: a letter written without diacritics stands for any; one written with them must be the name's. */
function spelledAs(written: string, name: string): boolean {
  for (let i = 0; i < written.length; i++) if (written[i] !== name[i] && written[i] !== unaccent(written[i])) return false;
  return true;
}

/**
 * The place a location field names when it holds one name and nothing else (see DetectMode): undefined when it holds
 * something else, null when that one name is not a place ("Thái Bình Dương") or could be either of two provinces.
 */
function wholeFieldProvince(tokens: readonly Token[]): Province | null | undefined {
  const start = startsWithAny(tokens, 0, fieldPrefixes);
  let end = tokens.length;
  for (;;) {
    const suffix = fieldSuffixes.find((words) => end - words.length > start && wordsAt(tokens, end - words.length, words));
    if (!suffix) break;
    end -= suffix.length;
  }
  if (end <= start) return undefined;
  const written = tokens
    .slice(start, end)
    .map((t) => t.folded)
    .join("");
  const spelled = (wholeNames.get(unaccent(written)) ?? []).filter((entry) => spelledAs(written, entry.syllables.join("")));
  if (spelled.length === 0) return undefined;
  const provinces = new Set(spelled.map((entry) => entry.province));
  return provinces.size === 1 ? spelled[0].province : null;
}

/**
 * The current province (after the 2025 merger) named in the text: "Hà Nam" gives Ninh Bình, "Vũng Tàu" gives
 * TP. Hồ Chí Minh. With several names, the best-evidenced wins (cued, then capitalised, then merely spelled), then
 * the first. A single pass over the tokens walks a trie keyed by lowercase syllables without diacritics.
 */
export function detectProvince(text: string, { mode = "post" }: { mode?: DetectMode } = {}): Province | null {
  const tokens = tokenize(text);
  const whole = mode === "location" ? wholeFieldProvince(tokens) : undefined;
  if (whole !== undefined) return whole;
  let best: { province: Province; strength: number } | null = null;
  for (let start = 0; start < tokens.length; ) {
    const match = longestMatch(tokens, start);
    if (!match) {
      start++;
      continue;
    }
    start = match.end;
    if (!match.entry.province) continue;
    const found = strength(tokens, match, mode);
    if (found > (best?.strength ?? REJECTED)) best = { province: match.entry.province, strength: found };
  }
  return best?.province ?? null;
}
