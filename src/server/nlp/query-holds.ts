import type { ChannelSlug } from "../../shared/channels.ts";
import type { QueryNode } from "../../shared/query/query-ast.ts";

/** Where a text comes from, for a query's fields: the title's end in the text, the channel, the site's domain. */
export type TextOrigin = { titleEnd: number; channel: ChannelSlug | null; site: string | null };

/** A term's occurrence: its offsets in the text, and the first and last syllable it covers. */
export type Occurrence = { start: number; end: number; first: number; last: number };

/** Whether the query holds of a text where its terms occur as given (by term text). */
export function queryHolds(node: QueryNode, occurrences: Map<string, Occurrence[]>, origin: TextOrigin): boolean {
  const holds = (inner: QueryNode): boolean => {
    switch (inner.kind) {
      case "term": {
        const found = occurrences.get(inner.text) ?? [];
        return inner.field === "title" ? found.some((o) => o.end <= origin.titleEnd) : found.length > 0;
      }
      case "channel":
        return origin.channel === inner.slug;
      case "site":
        return origin.site !== null && (origin.site === inner.domain || origin.site.endsWith(`.${inner.domain}`));
      case "and":
        return inner.items.every(holds);
      case "or":
        return inner.items.some(holds);
      case "not":
        return !holds(inner.item);
      case "near": {
        const of = (terms: { text: string }[]) => terms.flatMap((term) => occurrences.get(term.text) ?? []);
        const rights = of(inner.right);
        return of(inner.left).some((a) =>
          rights.some((b) => {
            // The syllables strictly between the two, in the written order for ONEAR.
            const between = inner.ordered ? b.first - a.last - 1 : Math.max(b.first - a.last, a.first - b.last) - 1;
            return between >= 0 && between <= inner.distance;
          }),
        );
      }
    }
  };
  return holds(node);
}
