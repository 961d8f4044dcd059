import { foldToneMarks, lowerVi, nfc, normalizeForMatch, unaccent } from "../../shared/vietnamese.ts";
import { EMOJI, EMOTICONS, TEENCODE } from "./teencode";

export { foldToneMarks, lowerVi, nfc, normalizeForMatch, unaccent };

const WORD_CHARS = String.raw`[\p{L}\p{M}\p{N}_]`;
// "#a#b" holds two hashtags; "&#" starts an HTML entity, not a hashtag.
export const HASHTAG_PATTERN = String.raw`(?<!&)#${WORD_CHARS}*\p{L}${WORD_CHARS}*`;
export const HANDLE_PATTERN = String.raw`(?<![\p{L}\p{M}\p{N}_])@${WORD_CHARS}+(?:\.${WORD_CHARS}+)*`;

const URL_RE = /(?:https?:\/\/|www\.)\S*[^\s.,;:!?)\]}'"”]|(?<![\p{L}\p{M}\p{N}])[\w.+-]+@[\w-]+(?:\.[\w-]+)+|(?<![@#])\b[\w-]+(?:\.[\w-]+)*\.(?:com|vn|net|org|io|me|ly|co|info|biz)\b(?:\/\S*)?/gu;
const EMOJI_RE = /\p{Extended_Pictographic}(?:\uFE0F|\p{Emoji_Modifier}|\u200D\p{Extended_Pictographic})*/gu;
const TOKEN_RE = new RegExp(`(${HASHTAG_PATTERN}|${HANDLE_PATTERN})|${WORD_CHARS}+`, "gu");
const LAUGHTER_RE = /^(?:k{3,}|(?:ha){2,}h?|(?:hi){2,}h?|(?:he){2,}h?)$/u;

/** "quáaaa" → "quá", "ngonnnn" → "ngon": a run of 3+ copies of one letter (ignoring diacritics) keeps one copy. */
function squeezeElongation(word: string): string {
  const bare = unaccent(word);
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

function expandWord(word: string, tag: string | undefined): string {
  if (tag) return ` ${tag} `;
  if (LAUGHTER_RE.test(word)) return " emo_smile ";
  const squeezed = squeezeElongation(word);
  return TEENCODE[squeezed] ?? squeezed;
}

export function normalizeForAnalysis(text: string): string {
  let s = normalizeForMatch(text)
    .replace(URL_RE, " url ")
    .replace(EMOJI_RE, (emoji) => ` ${EMOJI[String.fromCodePoint(emoji.codePointAt(0)!)] ?? ""} `);
  for (const [pattern, token] of EMOTICONS) s = s.replace(pattern, ` ${token} `);
  return s
    .replace(TOKEN_RE, expandWord)
    .replace(/\s+/g, " ")
    .trim();
}
