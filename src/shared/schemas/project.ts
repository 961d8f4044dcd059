import { type } from "arktype";
import { MAX_COMPETITORS, MAX_EXCLUDE_KEYWORDS, MAX_KEYWORD_LENGTH, MAX_KEYWORDS } from "../limits.ts";
import { keywordKey } from "../vietnamese.ts";
import { queryErrorKey } from "../query/explain-query.ts";
import { parseQuery } from "../query/parse-query.ts";
import { QueryError } from "../query/query-ast.ts";
import { messageWithParams } from "./problems.ts";
import { email, phone } from "./fields.ts";

/** Shared name pattern (spec §5): 1 to 30 letters (Vietnamese included), digits, spaces or hyphens. */
const PROJECT_NAME_PATTERN = /^[\p{L}\p{M}\d -]{1,30}$/u;

const projectName = type("string")
  .narrow((s, ctx) => s.trim().length > 0 || ctx.reject({ message: "validation.required" }))
  .narrow((s, ctx) => PROJECT_NAME_PATTERN.test(s.trim()) || ctx.reject({ message: "validation.format" }))
  .pipe((s) => s.trim().replace(/\s+/g, " "));

/** Trimmed, spaces collapsed, empty entries dropped, duplicates merged (case- and Vietnamese-insensitive), first spelling kept. */
function cleanKeywords(keywords: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const raw of keywords) {
    const keyword = raw.normalize("NFC").trim().replace(/\s+/g, " ");
    const key = keywordKey(keyword);
    if (!key || seen.has(key)) continue;
    seen.add(key);
    kept.push(keyword);
  }
  return kept;
}

const phraseList = type("string[]")
  .narrow((list, ctx) => list.every((keyword) => keyword.length <= MAX_KEYWORD_LENGTH) || ctx.reject({ message: "validation.too_long" }))
  .pipe(cleanKeywords);

const keywordList = phraseList
  .narrow((list, ctx) => list.length >= 1 || ctx.reject({ message: "validation.keywords_min" }))
  .narrow((list, ctx) => list.length <= MAX_KEYWORDS || ctx.reject({ message: "validation.keywords_max" }));

/** Words or phrases that drop a keyword's match in the document they occur in; none when absent. */
const excludeList = phraseList.narrow(
  (list, ctx) => list.length <= MAX_EXCLUDE_KEYWORDS || ctx.reject({ message: "validation.exclude_keywords_max" }),
);

/** An advanced query that reads (issue 38), or null to match by keywords; blank is null. Errors name the position. */
const queryRule = type("string | null")
  .narrow((query, ctx) => {
    if (query === null || query.trim() === "") return true;
    try {
      parseQuery(query);
      return true;
    } catch (error) {
      if (!(error instanceof QueryError)) throw error;
      const { key, params } = queryErrorKey(error);
      return ctx.reject({ message: messageWithParams(key, params) });
    }
  })
  .pipe((query) => (query?.trim() ? query.trim() : null));

const competitor = type({ name: projectName, keywords: keywordList, "exclude_keywords?": excludeList, "query?": queryRule });

/** The brand catalogue's catch-all entry, "Khác" / "Other". */
export const OTHER_BRAND_ID = 0;

export const ProjectBody = type({
  brand_id: type("number.integer").atLeast(0).atMost(Number.MAX_SAFE_INTEGER).configure({ message: "validation.required" }),
  name: projectName,
  keywords: keywordList,
  "exclude_keywords?": excludeList,
  "query?": queryRule,
  "competitors?": competitor
    .array()
    .narrow((list, ctx) => list.length <= MAX_COMPETITORS || ctx.reject({ message: "validation.competitors_max" })),
  /** Sent by the spec's client; every project here collects without a cap, so it is accepted and ignored. */
  "unlimited?": "boolean",
});
export type ProjectInput = typeof ProjectBody.infer;

export const ProjectNameBody = type({ name: projectName });

export const REPORT_FREQUENCIES = ["daily", "weekly", "monthly", "annual"] as const;

export const NotificationBody = type({
  time_reports: type.enumerated(...REPORT_FREQUENCIES).array(),
  phones: phone.array(),
  emails: email.array(),
  /** The language the reports are written in; left as it was when absent. */
  "language?": "'vi' | 'en'",
});

/** A test alert to one saved contact of the notification screen. */
export const TestAlertBody = type({ channel: "'email' | 'sms'", to: "0 < string <= 254" });
