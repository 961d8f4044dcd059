import { type } from "arktype";
import { TIME_PRESETS } from "../filters.ts";
import { SORT_OPTIONS } from "../mention.ts";

const integer = type("string.integer.parse");
const idList = type("string")
  .pipe((s) => s.split(",").map((part) => part.trim()).filter(Boolean).map(Number))
  .narrow((ids, ctx) => ids.every(Number.isInteger) || ctx.reject({ message: "validation.invalid" }));
const date = type(/^\d{4}-\d{2}-\d{2}$/).configure({ message: "validation.format" });

/** Dashboard and mention filters as query parameters, with the spec's keys (spec §9). */
export const DashboardQuery = type({
  "project_id?": integer,
  "project_ids?": idList,
  "type_time?": type.enumerated(...TIME_PRESETS),
  "start_date?": date,
  "end_date?": date,
  "channel_id?": integer,
  "channel_ids?": idList,
  "sentiment_ids?": idList,
  "mention_type?": integer.pipe(type("0 <= number.integer <= 3")),
  "mention_status?": integer.pipe(type("0 <= number.integer <= 3")),
  "status?": integer.pipe(type("0 <= number.integer <= 3")),
  "type_ecommerce?": integer.pipe(type("0 <= number.integer <= 2")),
  "sub_brand?": integer,
  "service_id?": integer,
  "search?": "string <= 200",
  "page?": integer.pipe(type("number.integer >= 1")),
  "summary_sort?": type.enumerated(...SORT_OPTIONS),
  "limit?": integer.pipe(type("1 <= number.integer <= 100")),
});
export type DashboardQueryInput = typeof DashboardQuery.infer;
