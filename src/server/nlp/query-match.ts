import type { ChannelSlug } from "../../shared/channels.ts";
import type { QueryNode } from "../../shared/query/query-ast.ts";
import { queryTerms } from "../../shared/query/query-ast.ts";
import { buildMatcher, syllableStarts } from "./match.ts";

/** What a query reads of a document besides its words. */
export type QueryDocument = { title: string | null; content: string; channel: ChannelSlug | null; site: string | null };

/** A term's occurrence, in syllables of the document (title first): the first and the last it covers. */
type Occurrence = { first: number; last: number };
type Found = { occurrences: Map<string, Occurrence[]>; titleSyllables: number; channel: ChannelSlug | null; site: string | null };

/** The syllable each UTF-16 offset of the text falls in (offsets between syllables take the next one's index). */
function syllableAt(text: string): (offset: number) => number {
  const starts = syllableStarts(text);
  return (offset) => {
    let low = 0;
    let high = starts.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (starts[mid] <= offset) low = mid + 1;
      else high = mid;
    }
    return low - 1;
  };
}

function holds(node: QueryNode, found: Found): boolean {
  switch (node.kind) {
    case "term": {
      const occurrences = found.occurrences.get(node.text) ?? [];
      return node.field === "title" ? occurrences.some((o) => o.last < found.titleSyllables) : occurrences.length > 0;
    }
    case "channel":
      return found.channel === node.slug;
    case "site":
      return found.site !== null && (found.site === node.domain || found.site.endsWith(`.${node.domain}`));
    case "and":
      return node.items.every((item) => holds(item, found));
    case "or":
      return node.items.some((item) => holds(item, found));
    case "not":
      return !holds(node.item, found);
    case "near": {
      const rights = found.occurrences.get(node.right.text) ?? [];
      return (found.occurrences.get(node.left.text) ?? []).some((a) =>
        rights.some((b) => {
          // The syllables strictly between the two, in order for ONEAR.
          const between = node.ordered ? b.first - a.last - 1 : Math.max(b.first - a.last, a.first - b.last) - 1;
          return between >= 0 && between <= node.distance;
        }),
      );
    }
  }
}

/**
 * A query ready to test documents: its terms go once into the keyword matcher (the same Vietnamese rules as keywords),
 * then the query is read over where they were found. The terms found, or null when the document does not satisfy it.
 */
export function compileQuery(query: QueryNode) {
  const terms = [...new Set(queryTerms(query).map((t) => t.text))];
  const matcher = buildMatcher([{ projectId: "query", keywords: terms }]);
  return (document: QueryDocument) => {
    const text = document.title ? `${document.title}\n${document.content}` : document.content;
    const matches = matcher.match(text);
    const syllable = syllableAt(text);
    const occurrences = new Map<string, Occurrence[]>();
    for (const m of matches) {
      const list = occurrences.get(m.keyword) ?? [];
      list.push({ first: syllable(m.start), last: syllable(m.end - 1) });
      occurrences.set(m.keyword, list);
    }
    const titleSyllables = document.title ? syllable(document.title.length) + 1 : 0;
    const found = { occurrences, titleSyllables, channel: document.channel, site: document.site };
    return matches.length > 0 && holds(query, found) ? matches.map(({ keyword, start, end }) => ({ keyword, start, end })) : null;
  };
}
