import type { ChannelSlug } from "../../shared/channels.ts";
import type { QueryNode } from "../../shared/query/query-ast.ts";
import { buildMatcher } from "./match.ts";

/** What a query reads of a document besides its words. */
export type QueryDocument = { title: string | null; content: string; channel: ChannelSlug | null; site: string | null };

/**
 * One query ready to test documents one at a time (the staff tool, previews): the terms it found where it holds of the
 * document, or null where it does not.
 */
export function compileQuery(query: QueryNode) {
  const matcher = buildMatcher([{ projectId: "query", keywords: [], query }]);
  return (document: QueryDocument) => {
    const text = document.title ? `${document.title}\n${document.content}` : document.content;
    const origin = { titleEnd: document.title?.length ?? 0, channel: document.channel, site: document.site };
    const matches = matcher.match(text, origin).map(({ keyword, start, end }) => ({ keyword, start, end }));
    return matches.length > 0 ? matches : null;
  };
}
