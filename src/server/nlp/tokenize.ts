import { HANDLE_PATTERN, HASHTAG_PATTERN, normalizeForAnalysis, normalizeForMatch } from "./normalize";

export type TokenKind = "word" | "number" | "url" | "handle" | "hashtag" | "emoji";
export type Token = { text: string; kind: TokenKind };

const WORD = String.raw`[\p{L}\p{M}\p{N}_]+`;
const GROUPED_NUMBER = String.raw`\p{N}+(?:[.,]\p{N}+)+`; // 2.000.000, 3,5
const TOKEN_RE = new RegExp(`${HASHTAG_PATTERN}|${HANDLE_PATTERN}|${GROUPED_NUMBER}|${WORD}`, "gu");
const HASHTAG_RE = new RegExp(HASHTAG_PATTERN, "gu");
const NUMBER_RE = /^\p{N}+(?:[.,]\p{N}+)*$/u;
const CLAUSE_BREAK_RE = /[.,;:!?…()[\]{}"“”/|–—]/;

function kindOf(text: string): TokenKind {
  if (text.startsWith("#")) return "hashtag";
  if (text.startsWith("@")) return "handle";
  if (text === "url") return "url";
  if (text.startsWith("emo_")) return "emoji";
  return NUMBER_RE.test(text) ? "number" : "word";
}

/** Tokens of each clause (split at line breaks and phrase punctuation), so phrases never span a comma. */
export function tokenizeClauses(text: string): Token[][] {
  const clauses: Token[][] = [];
  for (const line of text.split(/\r?\n/)) {
    const normalized = normalizeForAnalysis(line);
    let clause: Token[] = [];
    let previousEnd = 0;
    for (const m of normalized.matchAll(TOKEN_RE)) {
      if (clause.length > 0 && CLAUSE_BREAK_RE.test(normalized.slice(previousEnd, m.index))) {
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
