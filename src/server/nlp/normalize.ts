import { foldToneMarks, lowerVi, nfc, normalizeForMatch, unaccent } from "../../shared/vietnamese.ts";
import { EMOJI, EMOTICONS, TEENCODE } from "./teencode";

export { foldToneMarks, lowerVi, nfc, normalizeForMatch, unaccent };

const WORD_CHARS = String.raw`[\p{L}\p{M}\p{N}_]`;
// "#a#b" holds two hashtags; "&#" starts an HTML entity, not a hashtag.
export const HASHTAG_PATTERN = String.raw`(?<!&)#${WORD_CHARS}*\p{L}${WORD_CHARS}*`;
export const HANDLE_PATTERN = String.raw`(?<![\p{L}\p{M}\p{N}_])@${WORD_CHARS}+(?:\.${WORD_CHARS}+)*`;

export const URL_RE =
  /(?:https?:\/\/|www\.)\S*[^\s.,;:!?)\]}'"”]|(?<![\p{L}\p{M}\p{N}])[\w.+-]+@[\w-]+(?:\.[\w-]+)+|(?<![@#])\b[\w-]+(?:\.[\w-]+)*\.(?:com|vn|net|org|io|me|ly|co|info|biz)\b(?:\/\S*)?/gu;
// Every URL_RE match holds one of these, and every emoticon one of EMOTICON_CHARS: most texts skip those passes.
export const URL_HINT_RE = /:\/\/|www\.|@|\.(?:co|vn|net|org|io|me|ly|info|biz)/;
const EMOTICON_CHARS_RE = /[:;=<_^]/;
const EMOJI_RE = /\p{Extended_Pictographic}(?:\uFE0F|\p{Emoji_Modifier}|\u200D\p{Extended_Pictographic})*/gu;
const HASHTAG_AT = new RegExp(HASHTAG_PATTERN, "uy");
const HANDLE_AT = new RegExp(HANDLE_PATTERN, "uy");
// Word characters and whitespace by UTF-16 code unit; a surrogate pair is tested with WORD_CHAR_RE.
const WORD_CHAR_RE = new RegExp(WORD_CHARS, "u");
const WORD_CHAR = new Uint8Array(0x10000).map((_, code) => (WORD_CHAR_RE.test(String.fromCharCode(code)) ? 1 : 0));
const WHITESPACE = new Uint8Array(0x10000).map((_, code) => (/\s/.test(String.fromCharCode(code)) ? 1 : 0));
const LAUGHTER_RE = /^(?:k{3,}|(?:ha){2,}h?|(?:hi){2,}h?|(?:he){2,}h?)$/u;

// Nearly no word holds three equal characters in a row, so nearly every word skips the squeeze loop.
function hasTripleRun(bare: string): boolean {
  for (let i = 2; i < bare.length; i++) {
    const code = bare.charCodeAt(i);
    if (code === bare.charCodeAt(i - 1) && code === bare.charCodeAt(i - 2)) return true;
  }
  return false;
}

/** "quáaaa" → "quá", "ngonnnn" → "ngon": a run of 3+ copies of one letter (ignoring diacritics) keeps one copy. */
function squeezeElongation(word: string): string {
  const bare = unaccent(word);
  if (!hasTripleRun(bare)) return word;
  let out = "";
  for (let i = 0; i < word.length; ) {
    let end = i + 1;
    while (end < word.length && bare[end] === bare[i] && /\p{L}/u.test(bare[i])) end++;
    const run = word.slice(i, end);
    out += end - i >= 3 ? ([...run].find((char) => unaccent(char) !== char) ?? run[0]) : run;
    i = end;
  }
  return out;
}

// A Map has no inherited keys: "constructor" or "__proto__" must not find Object.prototype's members.
const TEENCODE_MAP = new Map(Object.entries(TEENCODE));

function expandPlainWord(word: string): string {
  if (LAUGHTER_RE.test(word)) return " emo_smile ";
  const squeezed = squeezeElongation(word);
  return TEENCODE_MAP.get(squeezed) ?? squeezed;
}

/** Builds a text in which every run of whitespace is one space, with none at either end. */
class CollapsedSpaces {
  text = "";
  private space = false;

  add(s: string, start = 0, end = s.length): void {
    let from = start;
    for (let i = start; i < end; i++) {
      if (WHITESPACE[s.charCodeAt(i)] === 0) continue;
      this.append(s, from, i);
      this.space = true;
      from = i + 1;
    }
    this.append(s, from, end);
  }

  private append(s: string, start: number, end: number): void {
    if (start === end) return;
    if (this.space && this.text !== "") this.text += " ";
    this.space = false;
    this.text += s.slice(start, end);
  }
}

/** End of the run of word characters (letters, marks, digits, "_") that starts at i. */
function wordEnd(s: string, i: number): number {
  while (i < s.length) {
    const code = s.charCodeAt(i);
    const astral = code >= 0xd800 && code <= 0xdbff ? s.codePointAt(i)! : 0;
    if (astral > 0xffff && WORD_CHAR_RE.test(String.fromCodePoint(astral))) i += 2;
    else if (WORD_CHAR[code] === 1) i++;
    else break;
  }
  return i;
}

function tagAt(s: string, i: number): string | undefined {
  const code = s.charCodeAt(i);
  const pattern = code === 0x23 ? HASHTAG_AT : code === 0x40 ? HANDLE_AT : undefined;
  if (!pattern) return undefined;
  pattern.lastIndex = i;
  return pattern.exec(s)?.[0];
}

// Expands each word (hashtags and handles stay whole) and collapses whitespace in one scan: replace() with a
// callback per word, then /\s+/ and trim(), cost several times more.
function expandWords(s: string): string {
  const out = new CollapsedSpaces();
  let copied = 0;
  let i = 0;
  while (i < s.length) {
    const tag = tagAt(s, i);
    const end = tag ? i + tag.length : wordEnd(s, i);
    if (end === i) {
      i++;
      continue;
    }
    out.add(s, copied, i);
    out.add(tag ? ` ${tag} ` : expandPlainWord(s.slice(i, end)));
    copied = i = end;
  }
  out.add(s, copied);
  return out.text;
}

export function normalizeForAnalysis(text: string): string {
  let s = normalizeForMatch(text);
  if (URL_HINT_RE.test(s)) s = s.replace(URL_RE, " url ");
  s = s.replace(EMOJI_RE, (emoji) => ` ${EMOJI[String.fromCodePoint(emoji.codePointAt(0)!)] ?? ""} `);
  if (EMOTICON_CHARS_RE.test(s)) for (const [pattern, token] of EMOTICONS) s = s.replace(pattern, ` ${token} `);
  return expandWords(s);
}
