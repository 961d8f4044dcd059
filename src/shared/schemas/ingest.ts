import { type } from "arktype";

const text = (max: number) => type("string").atMostLength(max);
const count = type("number.integer >= 0");

/**
 * One document of POST /api/ingest (docs/api/ingest.md). Any channel 1–15; text is plain UTF-8; times ISO 8601 with
 * a zone. `external_id` (or else `url`) identifies the item: sending it again updates its counters.
 */
export const IngestDocument = type({
  channel: "1 <= number.integer <= 15",
  "platform?": text(100),
  "external_id?": text(300),
  url: type("string.url").and(text(2000)),
  "mention_type?": "0 | 1 | 2 | 3",
  "parent_external_id?": text(300),
  "title?": text(1000),
  content: type("string > 0").and(text(20_000)),
  published_at: "string.date.iso",
  source: { name: type("string > 0").and(text(300)), "id?": text(300), "url?": "string.url" },
  "author?": {
    "id?": text(300),
    "name?": text(300),
    "url?": "string.url",
    "followers?": count,
    "location?": text(300),
    "age_range?": "'13-17' | '18-24' | '25-34' | '35-44' | '45-54' | '55+'",
    "job?": text(100),
  },
  "metrics?": { "likes?": count, "shares?": count, "comments?": count, "views?": count },
  "rating?": "1 <= number.integer <= 5",
  "ecommerce_source?": "1 | 2",
  "hashtags?": text(100).array().atMostLength(50),
});
export type IngestDocumentInput = typeof IngestDocument.infer;

export const MAX_INGEST_BATCH = 1000;
export const IngestBatch = type({ documents: type("unknown[]").atLeastLength(1).atMostLength(MAX_INGEST_BATCH) });
