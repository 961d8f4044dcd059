import { type } from "arktype";
import { AGE_RANGES } from "../audience.ts";
import { badTextReason, type BadTextReason } from "../text-safety.ts";

/**
 * The largest counter (likes, shares, comments, views) accepted: far above any real post (the most viewed videos have
 * ~10^10 views), and small enough that hourly and daily sums over millions of documents stay inside the bigint columns.
 */
const MAX_METRIC = 1_000_000_000_000;
/** documents.author_followers is an integer column. */
const MAX_FOLLOWERS = 2_147_483_647;
/** The longest text a document may carry (characters). */
const MAX_CONTENT = 20_000;
/** Nothing older is social listening: an older published_at is a broken date. */
const EARLIEST_PUBLISHED_YEAR = 1990;
/** How far ahead of the server's clock published_at may be (time zones, clock skew); checked when a batch arrives. */
export const FUTURE_TOLERANCE_MS = 86_400_000;

const TEXT_PROBLEMS: Record<BadTextReason, string> = {
  nul: "a NUL character (U+0000)",
  control_character: "a control character",
  lone_surrogate: "an unpaired UTF-16 surrogate",
};

const safeText = type("string").narrow((s, ctx) => {
  const reason = badTextReason(s);
  return reason
    ? ctx.reject({ expected: "text without NUL, control characters or unpaired surrogates", actual: TEXT_PROBLEMS[reason] })
    : true;
});
const text = (max: number) => safeText.atMostLength(max);
const count = (max: number) => type("number.integer >= 0").atMost(max);

/** Only web pages: a javascript:, data: or file: link would run or open something else when a user clicks it. */
const webLink = type("string.url")
  .narrow((s, ctx) => (isWebLink(s) ? true : ctx.reject({ expected: "an http or https link" })))
  .and(text(2000));

export function isWebLink(s: string): boolean {
  try {
    return /^https?:$/.test(new URL(s).protocol);
  } catch {
    return false;
  }
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/**
 * Whether a text starting "YYYY-MM-DD" names a day that exists, from EARLIEST_PUBLISHED_YEAR on: Date would quietly
 * roll 2026-02-30 over to March.
 */
function isRealPublishedDay(s: string): boolean {
  const parts = /^(\d{4})-(\d{2})-(\d{2})/.exec(s);
  if (!parts) return false;
  const [year, month, day] = parts.slice(1).map(Number);
  const exists = month >= 1 && month <= 12 && day >= 1 && day <= (month === 2 && !isLeap(year) ? 28 : DAYS_IN_MONTH[month - 1]);
  return exists && year >= EARLIEST_PUBLISHED_YEAR;
}

/** A time with its zone ("Z" or an offset): without one, the same text is a different instant on every server. */
const ZONED_TIME = /T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

const realDate = type("string.date.iso").narrow((s, ctx) => {
  if (!isRealPublishedDay(s)) return ctx.reject({ expected: `a real date from ${EARLIEST_PUBLISHED_YEAR} on` });
  return ZONED_TIME.test(s) ? true : ctx.reject({ expected: "a date and time with its zone, e.g. 2026-11-20T07:15:00+07:00" });
});

/**
 * One document of POST /api/ingest (docs/api/ingest.md). Any channel 1–15; text is plain UTF-8 without control
 * characters; links are http(s); times ISO 8601 with a zone. `external_id` (or else `url`) identifies the item within
 * the key's scope: sending it again updates its counters.
 */
export const IngestDocument = type({
  channel: "1 <= number.integer <= 15",
  "platform?": text(100),
  "external_id?": text(300),
  url: webLink,
  "mention_type?": "0 | 1 | 2 | 3",
  "parent_external_id?": text(300),
  "title?": text(1000),
  content: type("string > 0").and(text(MAX_CONTENT)),
  published_at: realDate,
  source: { name: type("string > 0").and(text(300)), "id?": text(300), "url?": webLink },
  "author?": {
    "id?": text(300),
    "name?": text(300),
    "url?": webLink,
    "followers?": count(MAX_FOLLOWERS),
    "location?": text(300),
    "age_range?": type.enumerated(...AGE_RANGES),
    "job?": text(100),
  },
  "metrics?": { "likes?": count(MAX_METRIC), "shares?": count(MAX_METRIC), "comments?": count(MAX_METRIC), "views?": count(MAX_METRIC) },
  "rating?": "1 <= number.integer <= 5",
  "ecommerce_source?": "1 | 2",
  "hashtags?": text(100).array().atMostLength(50),
});
export type IngestDocumentInput = typeof IngestDocument.infer;

/**
 * One row of the staff clippings import (`nghe import`), checked by the API's own rules: a clipping may have no web
 * address (it is then identified by its source, time and title).
 */
export const ClippingDocument = IngestDocument.omit("url").merge({ "url?": webLink });

const MAX_INGEST_BATCH = 1000;
export const IngestBatch = type({ documents: type("unknown[]").atLeastLength(1).atMostLength(MAX_INGEST_BATCH) });
