import { HANDLE_PATTERN, HASHTAG_PATTERN, normalizeForAnalysis, normalizeForMatch } from "./normalize";

type TokenKind = "word" | "number" | "url" | "handle" | "hashtag" | "emoji";
type Token = { text: string; kind: TokenKind };

const WORD = String.raw`[\p{L}\p{M}\p{N}_]+`;
const GROUPED_NUMBER = String.raw`\p{N}+(?:[.,]\p{N}+)+`; // 2.000.000, 3,5
const TOKEN_RE = new RegExp(`${HASHTAG_PATTERN}|${HANDLE_PATTERN}|${GROUPED_NUMBER}|${WORD}`, "gu");
const HASHTAG_RE = new RegExp(HASHTAG_PATTERN, "gu");
const NUMBER_RE = /^\p{N}+(?:[.,]\p{N}+)*$/u;
// Tables by UTF-16 code unit, looked up for every token.
const CLAUSE_BREAK = new Uint8Array(0x10000);
for (const char of '.,;:!?…()[]{}"“”/|–—') CLAUSE_BREAK[char.charCodeAt(0)] = 1;
// A high surrogate may start a digit outside the BMP ("𝟏𝟎𝟎" in styled posts): the pattern decides those.
const MAY_START_NUMBER = new Uint8Array(0x10000).map((_, code) =>
  (code >= 0xd800 && code <= 0xdbff) || /\p{N}/u.test(String.fromCharCode(code)) ? 1 : 0,
);

function hasClauseBreak(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (CLAUSE_BREAK[text.charCodeAt(i)] === 1) return true;
  return false;
}

function kindOf(text: string): TokenKind {
  const first = text.charCodeAt(0);
  if (first === 0x23) return "hashtag";
  if (first === 0x40) return "handle";
  if (text === "url") return "url";
  if (text.startsWith("emo_")) return "emoji";
  return MAY_START_NUMBER[first] === 1 && NUMBER_RE.test(text) ? "number" : "word";
}

/** Tokens of each clause (split at line breaks and phrase punctuation), so phrases never span a comma. */
export function tokenizeClauses(text: string): Token[][] {
  const clauses: Token[][] = [];
  for (const line of text.split(/\r?\n/)) {
    const normalized = normalizeForAnalysis(line);
    let clause: Token[] = [];
    let previousEnd = 0;
    for (const m of normalized.matchAll(TOKEN_RE)) {
      if (clause.length > 0 && hasClauseBreak(normalized, previousEnd, m.index)) {
        clauses.push(clause);
        clause = [];
      }
      clause.push({ text: m[0], kind: kindOf(m[0]) });
      previousEnd = m.index + m[0].length;
    }
    if (clause.length > 0) clauses.push(clause);
  }
  return clauses;
}

export function tokenizeTyped(text: string): Token[] {
  return tokenizeClauses(text).flat();
}

/** Lowercase, tone-folded syllables with teencode expanded; URLs, @handles, #hashtags and numbers are single tokens. */
export function tokenize(text: string): string[] {
  return tokenizeTyped(text).map((token) => token.text);
}

export function extractHashtags(text: string): string[] {
  return normalizeForMatch(text).match(HASHTAG_RE) ?? [];
}
