import type { ChannelSlug } from "../channels.ts";

/** Where a term is looked for: anywhere in the document, or only in its title. */
export type TermField = "text" | "title";

/** A parsed advanced query (issue 38); `at` is the 0-based position in the query of what the node was read from. */
export type QueryNode =
  | { kind: "term"; text: string; field: TermField; at: number }
  | { kind: "channel"; slug: ChannelSlug; at: number }
  | { kind: "site"; domain: string; at: number }
  | { kind: "and" | "or"; items: QueryNode[] }
  | { kind: "not"; item: QueryNode; at: number }
  /** Each side is a term or terms in the alternative: (Vinamilk OR VNM) NEAR/5 sữa. */
  | { kind: "near"; left: TermNode[]; right: TermNode[]; distance: number; ordered: boolean; at: number };

export type TermNode = Extract<QueryNode, { kind: "term" }>;

/** Limits stated on the form and enforced by the parser. */
export const QUERY_LIMITS = { length: 1000, terms: 30, depth: 5, distance: 50 } as const;

export type QueryErrorCode =
  | "empty"
  | "too_long"
  | "too_many_terms"
  | "too_deep"
  | "unclosed_quote"
  | "unclosed_paren"
  | "unexpected"
  | "missing_operator"
  | "missing_operand"
  | "near_operand"
  | "bad_distance"
  | "unknown_channel"
  | "empty_field"
  | "no_positive_term";

/** A query that cannot be read: what is wrong, and where (0-based, in UTF-16 units of the query as typed). */
export class QueryError extends Error {
  constructor(
    readonly code: QueryErrorCode,
    readonly position: number,
  ) {
    super(`${code} at position ${position}`);
  }
}

/** Every term the query looks for in the text, each once: what the keyword matcher is given. */
export function queryTerms(node: QueryNode): TermNode[] {
  switch (node.kind) {
    case "term":
      return [node];
    case "near":
      return [...node.left, ...node.right];
    case "and":
    case "or":
      return node.items.flatMap(queryTerms);
    case "not":
      return queryTerms(node.item);
    default:
      return [];
  }
}
