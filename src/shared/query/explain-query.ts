import { type Lang, type MessageKey, translate } from "../../i18n/index.ts";
import { channelName } from "../names.ts";
import { CHANNEL_ID } from "../channels.ts";
import { QUERY_LIMITS, type QueryError, type QueryNode } from "./query-ast.ts";

/** The query in plain words: “Vinamilk” hoặc “VNM”, “sữa” trong vòng 5 từ với “tươi”, không có “cổ phiếu”. */
export function explainQuery(node: QueryNode, lang: Lang): string {
  const say = (inner: QueryNode): string => {
    switch (inner.kind) {
      case "term":
        return inner.field === "title" ? translate(lang, "query.explain.in_title", { text: inner.text }) : `“${inner.text}”`;
      case "channel":
        return translate(lang, "query.explain.channel", { channel: channelName(lang, CHANNEL_ID[inner.slug]) });
      case "site":
        return translate(lang, "query.explain.site", { site: inner.domain });
      case "or":
        return inner.items.map(say).join(translate(lang, "query.explain.or"));
      case "and":
        return inner.items.map((item) => (item.kind === "or" ? `(${say(item)})` : say(item))).join(", ");
      case "not":
        return translate(lang, "query.explain.without", { what: inner.item.kind === "term" ? say(inner.item) : `(${say(inner.item)})` });
      case "near":
        return translate(lang, inner.ordered ? "query.explain.onear" : "query.explain.near", {
          left: inner.left.map(say).join(translate(lang, "query.explain.or")),
          right: inner.right.map(say).join(translate(lang, "query.explain.or")),
          n: inner.distance,
        });
    }
  };
  return say(node);
}

const MAX_OF: Partial<Record<QueryError["code"], number>> = {
  too_long: QUERY_LIMITS.length,
  too_many_terms: QUERY_LIMITS.terms,
  too_deep: QUERY_LIMITS.depth,
  bad_distance: QUERY_LIMITS.distance,
};

/** A query error as a message key and its numbers: the position counted from 1, and the limit it passed. */
export const queryErrorKey = (error: QueryError) => ({
  key: `query.error.${error.code}` as MessageKey,
  params: { position: error.position + 1, max: MAX_OF[error.code] ?? 0 },
});

/** What is wrong with a query and where, in the customer's language. */
export function queryErrorMessage(error: QueryError, lang: Lang): string {
  const { key, params } = queryErrorKey(error);
  return translate(lang, key, params);
}
