import { QueryError } from "./query-ast.ts";

export type Token =
  | { type: "open" | "close" | "and" | "or" | "not"; at: number }
  | { type: "near"; distance: number; ordered: boolean; at: number }
  | { type: "field"; name: "title" | "channel" | "site"; at: number }
  | { type: "word" | "phrase"; text: string; at: number };

const OPERATORS = { AND: "and", OR: "or", NOT: "not" } as const;
const NEAR = /^(O?)NEAR\/(\d+)$/;
const FIELD = /^(title|channel|site):/;
const BREAK = /[\s()"]/;

/**
 * The query's tokens: parentheses, "exact phrases", the upper-case operators AND, OR, NOT, NEAR/n and ONEAR/n, the
 * field prefixes title:, channel: and site:, and words. Operators are upper case so that a lower-case "or" or "not" in
 * a brand's name stays a word.
 */
export function tokenizeQuery(query: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < query.length) {
    const char = query[i];
    if (/\s/.test(char)) {
      i += 1;
    } else if (char === "(" || char === ")") {
      tokens.push({ type: char === "(" ? "open" : "close", at: i });
      i += 1;
    } else if (char === '"') {
      const end = query.indexOf('"', i + 1);
      if (end < 0) throw new QueryError("unclosed_quote", i);
      tokens.push({ type: "phrase", text: query.slice(i + 1, end), at: i });
      i = end + 1;
    } else {
      const field = FIELD.exec(query.slice(i));
      if (field) {
        tokens.push({ type: "field", name: field[1] as "title" | "channel" | "site", at: i });
        i += field[0].length;
        continue;
      }
      let end = i;
      while (end < query.length && !BREAK.test(query[end])) end += 1;
      tokens.push(wordToken(query.slice(i, end), i));
      i = end;
    }
  }
  return tokens;
}

function wordToken(word: string, at: number): Token {
  if (Object.hasOwn(OPERATORS, word)) return { type: OPERATORS[word as keyof typeof OPERATORS], at };
  const near = NEAR.exec(word);
  if (near) return { type: "near", distance: Number(near[2]), ordered: near[1] === "O", at };
  if (/^O?NEAR\//.test(word)) throw new QueryError("bad_distance", at);
  return { type: "word", text: word, at };
}
