import { HANDLE_PATTERN, HASHTAG_PATTERN, lowerVi, URL_HINT_RE, URL_RE } from "./normalize.ts";

/**
 * First step of word segmentation: cuts an NFC text into tokens. A syllable or word of letters and digits is
 * "alnum" (with inner hyphens "Wai-kru", "43H-016" and abbreviation dots "TP.HCM"); numbers ("2.000.000đ",
 * "30/4/1975", "3,5kg", "95%"), URLs and e-mail addresses, #hashtags and @handles are one token each; a run of
 * other characters (punctuation, emoji) is one "punct" token.
 */
export type ScanKind = "alnum" | "number" | "url" | "hashtag" | "handle" | "punct";
/**
 * joined: only spaces (no line break) separate it from the previous token, so the two may form one word.
 * sentenceStart: first token of the text, of a line, or after sentence punctuation (. ! ? … : quotes, emoji).
 */
export type ScanToken = { start: number; end: number; kind: ScanKind; joined: boolean; sentenceStart: boolean };

const HASHTAG_AT = new RegExp(HASHTAG_PATTERN, "uy");
const HANDLE_AT = new RegExp(HANDLE_PATTERN, "uy");
// Abbreviations that keep their dot: glued to what follows ("TP.HCM", "Q.1") or before a capital ("TP. HCM", "H. Nguyễn").
const GLUED_ABBREVIATION_RE = /^(?:\p{Lu}{1,3}|Tp|tp)$/u;
const SPACED_ABBREVIATION_RE = /^(?:TP|Tp|\p{Lu})$/u;
const CAPITALISED_PART_RE = /^\p{Lu}[\p{Ll}\p{M}]*$/u;

// Character classes by UTF-16 code unit; a surrogate pair (emoji, styled letters) is classified by code point.
const OTHER = 0;
const LETTER = 1;
const MARK = 2;
const DIGIT = 3;
const SPACE = 4;
const classify = (char: string) =>
  /\p{L}/u.test(char) ? LETTER : /\p{M}/u.test(char) ? MARK : /\p{N}/u.test(char) ? DIGIT : /\s/u.test(char) ? SPACE : OTHER;
const CLASS = new Uint8Array(0x10000).map((_, code) => (code >= 0xd800 && code <= 0xdfff ? OTHER : classify(String.fromCharCode(code))));
const astralClasses = new Map<number, number>();
const SENTENCE_END = new Uint8Array(0x10000);
for (const char of '.!?…:"“”\n\r') SENTENCE_END[char.charCodeAt(0)] = 1;
for (let code = 0xd800; code <= 0xdbff; code++) SENTENCE_END[code] = 1; // emoji, nearly all outside the BMP
for (const char of "©®‼⁉™☀☺♥✅✨❤") SENTENCE_END[char.charCodeAt(0)] = 1;

function classAt(s: string, i: number): number {
  const code = s.charCodeAt(i);
  if (!(code >= 0xd800 && code <= 0xdbff)) return CLASS[code] ?? OTHER; // past the end: NaN
  const point = s.codePointAt(i)!;
  let c = astralClasses.get(point);
  if (c === undefined) astralClasses.set(point, (c = classify(String.fromCodePoint(point))));
  return c;
}

const isWordChar = (c: number) => c === LETTER || c === MARK || c === DIGIT;
const isBreak = (s: string, i: number) => s[i] === "\n" || s[i] === "\r";

function alnumEnd(s: string, i: number): number {
  while (i < s.length && isWordChar(classAt(s, i))) i += s.charCodeAt(i) >= 0xd800 && s.charCodeAt(i) <= 0xdbff ? 2 : 1;
  return i;
}

function digitsEnd(s: string, i: number): number {
  while (i < s.length && CLASS[s.charCodeAt(i)] === DIGIT) i++;
  return i;
}

function hyphenatedEnd(s: string, end: number): number {
  while (s[end] === "-" && (classAt(s, end + 1) === LETTER || classAt(s, end + 1) === DIGIT)) end = alnumEnd(s, end + 1);
  return end;
}

function numberEnd(s: string, i: number): number {
  let end = digitsEnd(s, i);
  while (".,:-–/".includes(s[end]) && CLASS[s.charCodeAt(end + 1)] === DIGIT) end = digitsEnd(s, end + 1);
  if (s[end] === "%") return end + 1;
  return hyphenatedEnd(s, alnumEnd(s, end));
}

function wordEnd(s: string, i: number): number {
  const plain = alnumEnd(s, i);
  const end = hyphenatedEnd(s, plain);
  if (end !== plain || s[end] !== ".") return end;
  const word = s.slice(i, end);
  const next = classAt(s, end + 1);
  if ((next === DIGIT || (next === LETTER && /\p{Lu}/u.test(s[end + 1]))) && GLUED_ABBREVIATION_RE.test(word)) return alnumEnd(s, end + 1);
  if (next === SPACE && SPACED_ABBREVIATION_RE.test(word) && /^\s+\p{Lu}/u.test(s.slice(end + 1, end + 4))) return end + 1;
  return end;
}

function tagEnd(pattern: RegExp, s: string, i: number): number {
  pattern.lastIndex = i;
  return pattern.test(s) ? pattern.lastIndex : i;
}

function urlSpans(source: string): { start: number; end: number }[] {
  const lower = lowerVi(source);
  if (!URL_HINT_RE.test(lower)) return [];
  return Array.from(lower.matchAll(URL_RE), (m) => ({ start: m.index, end: m.index + m[0].length }));
}

/** Collects tokens, noting for each what stands between it and the previous one. */
class Tokens {
  readonly list: ScanToken[] = [];
  private lastEnd = 0;
  private sentenceEnded = true;

  constructor(private readonly source: string) {}

  add(start: number, end: number, kind: ScanKind): void {
    const s = this.source;
    let joined = this.list.length > 0 && start > this.lastEnd;
    for (let i = this.lastEnd; i < start; i++) {
      if (isBreak(s, i)) this.sentenceEnded = true;
      if (CLASS[s.charCodeAt(i)] !== SPACE || isBreak(s, i)) joined = false;
    }
    this.list.push({ start, end, kind, joined, sentenceStart: this.sentenceEnded });
    this.sentenceEnded = false;
    if (kind === "punct") for (let i = start; i < end; i++) if (SENTENCE_END[s.charCodeAt(i)] === 1) this.sentenceEnded = true;
    this.lastEnd = end;
  }
}

/** "Bà Rịa-Vũng Tàu": a hyphen between capitalised parts separates two names rather than making one word. */
function addWord(tokens: Tokens, source: string, start: number, end: number): void {
  const parts = source.slice(start, end).split("-");
  if (parts.length === 1 || !parts.every((part) => CAPITALISED_PART_RE.test(part))) {
    tokens.add(start, end, "alnum");
    return;
  }
  for (const part of parts) {
    if (part !== parts[0]) tokens.add(start - 1, start, "punct");
    tokens.add(start, start + part.length, "alnum");
    start += part.length + 1;
  }
}

export function scan(source: string): ScanToken[] {
  const urls = urlSpans(source);
  const tokens = new Tokens(source);
  let u = 0;
  for (let i = 0; i < source.length; ) {
    while (u < urls.length && urls[u].end <= i) u++;
    if (u < urls.length && urls[u].start === i) {
      tokens.add(i, (i = urls[u].end), "url");
      continue;
    }
    const c = classAt(source, i);
    const char = source[i];
    let end: number;
    if (c === SPACE) {
      i++;
      continue;
    } else if (c === LETTER) {
      addWord(tokens, source, i, (end = wordEnd(source, i)));
    } else if (c === DIGIT) {
      tokens.add(i, (end = numberEnd(source, i)), "number");
    } else if (char === "#" && (end = tagEnd(HASHTAG_AT, source, i)) > i) {
      tokens.add(i, end, "hashtag");
    } else if (char === "@" && (end = tagEnd(HANDLE_AT, source, i)) > i) {
      tokens.add(i, end, "handle");
    } else {
      const stop = u < urls.length ? urls[u].start : source.length;
      end = i + 1;
      while (end < stop && (classAt(source, end) === OTHER || classAt(source, end) === MARK) && source[end] !== "#" && source[end] !== "@")
        end++;
      tokens.add(i, end, "punct");
    }
    i = end;
  }
  return tokens.list;
}
