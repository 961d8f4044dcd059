/**
 * Vietnamese text folding shared by the browser (search, keyword dedup) and the server (matcher, analysis).
 * Every function keeps the UTF-16 length of NFC input unchanged, character for character, so offsets found in
 * normalized text are offsets into nfc(text).
 */

const TONE_MARKS = ["", "\u0300", "\u0301", "\u0309", "\u0303", "\u0323"]; // none, huyền, sắc, hỏi, ngã, nặng
const VOWELS = "aăâeêioôơuưy";
const SHAPED_VOWELS = "ăâêôơư";
const INITIALS = new Set([
  "",
  "b",
  "c",
  "ch",
  "d",
  "đ",
  "g",
  "gh",
  "h",
  "k",
  "kh",
  "l",
  "m",
  "n",
  "ng",
  "ngh",
  "nh",
  "p",
  "ph",
  "q",
  "r",
  "s",
  "t",
  "th",
  "tr",
  "v",
  "x",
]);
const FINALS = new Set(["", "c", "ch", "m", "n", "ng", "nh", "p", "t"]);

type ToneInfo = { base: string; tone: number }; // base keeps the letter's case and shape (ơ, Â, …)
const toneOf = new Map<string, ToneInfo>();
const toneForms = new Map<string, string[]>(); // base → its six forms, indexed by tone
for (const lower of VOWELS) {
  for (const base of [lower, lower.toUpperCase()]) {
    const forms = TONE_MARKS.map((mark) => (base + mark).normalize("NFC"));
    toneForms.set(base, forms);
    forms.forEach((form, tone) => toneOf.set(form, { base, tone }));
  }
}

export function nfc(text: string): string {
  return text.normalize("NFC");
}

/**
 * Index where the tone mark belongs in a lowercase, tone-less syllable, or -1 if it is not a Vietnamese syllable.
 * Canonical form is the traditional placement used by most press: "hòa", "khỏe", "thúy", "tùy" (mark on the
 * first vowel of an open oa/oe/uy), "hoàng", "quý", "người", "gìn", "già".
 */
function tonePosition(s: string): number {
  let start = 0;
  while (start < s.length && !VOWELS.includes(s[start])) start++;
  let end = start;
  while (end < s.length && VOWELS.includes(s[end])) end++;
  const onset = s.slice(0, start);
  if (start === end || !INITIALS.has(onset) || !FINALS.has(s.slice(end))) return -1;
  // In "qu…" and "gi…" followed by another vowel, the u / i belongs to the consonant.
  const first = end - start > 1 && ((onset === "q" && s[start] === "u") || (onset === "g" && s[start] === "i")) ? start + 1 : start;
  const length = end - first;
  if (length > 3) return -1;
  for (let i = end - 1; i >= first; i--) if (SHAPED_VOWELS.includes(s[i])) return i;
  if (length === 1) return first;
  if (end < s.length) return end - 1;
  return length === 3 ? first + 1 : first;
}

function foldSyllable(word: string): string {
  let toned = -1;
  let skeleton = "";
  for (let i = 0; i < word.length; i++) {
    const info = toneOf.get(word[i]);
    if (info && info.tone > 0) {
      if (toned >= 0) return word; // two marks: not a single syllable, leave it alone
      toned = i;
    }
    const lower = (info ? info.base : word[i]).toLowerCase();
    skeleton += lower.length === 1 ? lower : word[i];
  }
  if (toned < 0) return word;
  const target = tonePosition(skeleton);
  if (target < 0 || target === toned) return word;
  const { base, tone } = toneOf.get(word[toned])!;
  const chars = word.split("");
  chars[toned] = base;
  chars[target] = toneForms.get(toneOf.get(word[target])!.base)![tone];
  return chars.join("");
}

// Vietnamese has a few thousand toned syllables, so a small cache absorbs nearly all the work.
const FOLD_CACHE_LIMIT = 20_000;
const foldCache = new Map<string, string>();
function foldSyllableCached(word: string): string {
  let folded = foldCache.get(word);
  if (folded === undefined) {
    if (foldCache.size >= FOLD_CACHE_LIMIT) foldCache.clear();
    foldCache.set(word, (folded = foldSyllable(word)));
  }
  return folded;
}

const TONED = new Uint8Array(0x10000);
for (const [form, { tone }] of toneOf) if (tone > 0) TONED[form.charCodeAt(0)] = 1;
// By UTF-16 code unit: 1 for a letter, 2 for a combining mark.
const LETTER_OR_MARK = new Uint8Array(0x10000).map((_, code) => {
  const char = String.fromCharCode(code);
  return /\p{M}/u.test(char) ? 2 : /\p{L}/u.test(char) ? 1 : 0;
});
const isLetterOrMark = (text: string, i: number) => LETTER_OR_MARK[text.charCodeAt(i)] !== 0;
const isMark = (text: string, i: number) => LETTER_OR_MARK[text.charCodeAt(i)] === 2;

/** Only syllables holding a toned vowel can change, so the scan jumps from one toned vowel to the next. */
export function foldToneMarks(text: string): string {
  let out = "";
  let copied = 0;
  for (let i = 0; i < text.length; i++) {
    if (TONED[text.charCodeAt(i)] === 0) continue;
    let start = i;
    while (start > 0 && isLetterOrMark(text, start - 1)) start--;
    while (isMark(text, start)) start++; // a syllable starts with a letter, not with e.g. an emoji's U+FE0F
    let end = i + 1;
    while (end < text.length && isLetterOrMark(text, end)) end++;
    const word = text.slice(start, end);
    const folded = foldSyllableCached(word);
    if (folded !== word) {
      out += text.slice(copied, start) + folded;
      copied = end;
    }
    i = end - 1;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

export function lowerVi(text: string): string {
  const lower = text.toLowerCase();
  if (lower.length === text.length) return lower;
  // Only a few letters (e.g. "İ") grow when lowercased; keep those as they are to preserve offsets.
  let out = "";
  for (const char of text) {
    const l = char.toLowerCase();
    out += l.length === char.length ? l : char;
  }
  return out;
}

const BARE = new Uint16Array(0x10000).map((_, code) => code);
for (const [from, to] of [
  [0xc0, 0x24f],
  [0x1e00, 0x1eff],
]) {
  for (let code = from; code <= to; code++) {
    const parts = String.fromCharCode(code).normalize("NFD");
    if (parts.length > 1 && /^\p{M}+$/u.test(parts.slice(1))) BARE[code] = parts.charCodeAt(0);
  }
}
BARE["đ".charCodeAt(0)] = "d".charCodeAt(0);
BARE["Đ".charCodeAt(0)] = "D".charCodeAt(0);

/** Stray combining marks that NFC could not compose are kept, so the length never changes. */
export function unaccent(text: string): string {
  let out = "";
  let copied = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const bare = BARE[code];
    if (bare !== code) {
      out += text.slice(copied, i) + String.fromCharCode(bare);
      copied = i + 1;
    }
  }
  return copied === 0 ? text : out + text.slice(copied);
}

// Legacy encodings and some fonts write "Đ"/"đ" as the look-alike eth "Ð"/"ð" (U+00D0/U+00F0), which Vietnamese lacks.
const ETH_RE = /[\u00D0\u00F0]/;
const withDStroke = (text: string) => (ETH_RE.test(text) ? text.replaceAll("\u00D0", "\u0110").replaceAll("\u00F0", "\u0111") : text);

export function normalizeForMatch(text: string): string {
  return lowerVi(foldToneMarks(withDStroke(nfc(text))));
}

/** The identity of a keyword: case, Unicode form and tone-mark placement do not matter; diacritics do. */
export function keywordKey(keyword: string): string {
  return normalizeForMatch(keyword).trim().replace(/\s+/g, " ");
}

/**
 * For searching with or without diacritics ("Sữa" finds "sua" and "sua" finds "Sữa"); punctuation and runs of
 * spaces become one space, so "sữa-tươi" and "sữa  tươi" both contain "sua tuoi".
 */
export function searchKey(text: string): string {
  return unaccent(normalizeForMatch(text))
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

const collator = new Intl.Collator("vi", { sensitivity: "base" });
/** Vietnamese alphabetical order (a ă â b c d đ e ê …). */
export const compareVietnamese = (a: string, b: string): number => collator.compare(a, b);
