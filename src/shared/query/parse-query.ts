import { channelBySlug } from "../channels.ts";
import { QUERY_LIMITS, QueryError, type QueryNode, queryTerms, type TermNode } from "./query-ast.ts";
import { type Token, tokenizeQuery } from "./tokenize-query.ts";

/**
 * Reads an advanced query: `OR` binds loosest, then `AND`, then `NOT`, then `NEAR/n` and `ONEAR/n` (between two words
 * or phrases), then parentheses. Words side by side are one phrase ("sữa tươi"), as a Vietnamese word has several
 * syllables; two phrases side by side need an operator between them. Throws a QueryError naming the position.
 */
export function parseQuery(query: string): QueryNode {
  if (query.length > QUERY_LIMITS.length) throw new QueryError("too_long", QUERY_LIMITS.length);
  const tokens = tokenizeQuery(query);
  if (tokens.length === 0) throw new QueryError("empty", 0);
  const parser = new Parser(tokens, query.length);
  const root = parser.or(0);
  parser.expectEnd();
  const terms = queryTerms(root);
  if (terms.length > QUERY_LIMITS.terms) throw new QueryError("too_many_terms", terms[QUERY_LIMITS.terms].at);
  // Documents reach a query through the words it looks for: one made only of NOT and fields would match everything.
  if (!needsTerm(root)) throw new QueryError("no_positive_term", 0);
  return root;
}

/** Whether every document the query matches holds one of its terms. */
function needsTerm(node: QueryNode): boolean {
  switch (node.kind) {
    case "term":
    case "near":
      return true;
    case "and":
      return node.items.some(needsTerm);
    case "or":
      return node.items.every(needsTerm);
    default:
      return false;
  }
}

/** A side of NEAR: one term, or terms joined by OR; null for anything else. */
function alternatives(node: QueryNode): TermNode[] | null {
  if (node.kind === "term") return [node];
  if (node.kind === "or" && node.items.every((item) => item.kind === "term")) return node.items as TermNode[];
  return null;
}

const STARTS_OPERAND = new Set<Token["type"]>(["open", "not", "field", "word", "phrase"]);

class Parser {
  private i = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly end: number,
  ) {}

  private peek(): Token | undefined {
    return this.tokens[this.i];
  }

  private here(): number {
    return this.peek()?.at ?? this.end;
  }

  expectEnd(): void {
    const next = this.peek();
    if (!next) return;
    throw new QueryError(STARTS_OPERAND.has(next.type) ? "missing_operator" : "unexpected", next.at);
  }

  or(depth: number): QueryNode {
    const items = [this.and(depth)];
    while (this.peek()?.type === "or") {
      this.i += 1;
      items.push(this.and(depth));
    }
    return items.length === 1 ? items[0] : { kind: "or", items };
  }

  private and(depth: number): QueryNode {
    const items = [this.unary(depth)];
    while (this.peek()?.type === "and") {
      this.i += 1;
      items.push(this.unary(depth));
    }
    return items.length === 1 ? items[0] : { kind: "and", items };
  }

  private unary(depth: number): QueryNode {
    const next = this.peek();
    if (next?.type !== "not") return this.near(depth);
    this.i += 1;
    return { kind: "not", item: this.unary(depth), at: next.at };
  }

  private near(depth: number): QueryNode {
    const left = this.primary(depth);
    const operator = this.peek();
    if (operator?.type !== "near") return left;
    this.i += 1;
    if (operator.distance < 1 || operator.distance > QUERY_LIMITS.distance) throw new QueryError("bad_distance", operator.at);
    const rightAt = this.here();
    const right = alternatives(this.primary(depth));
    const leftTerms = alternatives(left);
    if (!leftTerms) throw new QueryError("near_operand", operator.at);
    if (!right) throw new QueryError("near_operand", rightAt);
    if (this.peek()?.type === "near") throw new QueryError("near_operand", this.here());
    return { kind: "near", left: leftTerms, right, distance: operator.distance, ordered: operator.ordered, at: operator.at };
  }

  private primary(depth: number): QueryNode {
    const token = this.peek();
    if (!token) throw new QueryError("missing_operand", this.end);
    switch (token.type) {
      case "open": {
        if (depth + 1 > QUERY_LIMITS.depth) throw new QueryError("too_deep", token.at);
        this.i += 1;
        const inside = this.or(depth + 1);
        if (this.peek()?.type !== "close") throw new QueryError("unclosed_paren", token.at);
        this.i += 1;
        return inside;
      }
      case "field":
        this.i += 1;
        return token.name === "title" ? { ...this.term(token.at), field: "title" } : this.metadata(token.name, token.at);
      case "word":
      case "phrase":
        return this.term(token.at);
      default:
        throw new QueryError("missing_operand", token.at);
    }
  }

  /** A quoted phrase, or the words side by side from here. */
  private term(at: number): TermNode {
    const first = this.peek();
    if (first?.type === "phrase") {
      this.i += 1;
      const text = first.text.trim().replace(/\s+/g, " ");
      if (!/[\p{L}\p{N}]/u.test(text)) throw new QueryError("empty_field", first.at);
      return { kind: "term", text, field: "text", at: first.at };
    }
    const words: string[] = [];
    for (let next = this.peek(); next?.type === "word"; next = this.peek()) {
      words.push(next.text);
      this.i += 1;
    }
    const text = words.join(" ");
    if (!/[\p{L}\p{N}]/u.test(text)) throw new QueryError("empty_field", first?.at ?? at);
    return { kind: "term", text, field: "text", at: first?.at ?? at };
  }

  private metadata(name: "channel" | "site", at: number): QueryNode {
    const value = this.peek();
    if (value?.type !== "word") throw new QueryError("empty_field", this.here());
    this.i += 1;
    if (name === "site") return { kind: "site", domain: value.text.toLowerCase().replace(/^www\./, ""), at };
    const channel = channelBySlug(value.text.toLowerCase());
    if (!channel) throw new QueryError("unknown_channel", value.at);
    return { kind: "channel", slug: channel.slug, at };
  }
}
