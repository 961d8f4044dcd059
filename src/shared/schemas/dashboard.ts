import { type } from "arktype";
import { CHANNELS } from "../channels.ts";
import { TIME_PRESETS } from "../filters.ts";
import { MAX_COMPETITORS, MAX_CUSTOM_RANGE_DAYS, MAX_PAGE, MAX_SEARCH_LENGTH, MAX_TEXT_FIELD } from "../limits.ts";
import { MENTION_GROUPS, SORT_OPTIONS } from "../mention.ts";
import { PROVINCES } from "../provinces.ts";
import { calendarDate, rowId } from "./fields.ts";

const integer = type("string.integer.parse");
export const id = integer.pipe(rowId);
export const channelId = integer.pipe(type("number.integer").atLeast(1).atMost(CHANNELS.length));

/**
 * Comma-separated ids, each one checked, repeats merged (a request naming one project a thousand times is one
 * project), at most `max` distinct ones.
 */
export function idList(min: number, max: number, most: number) {
  return type("string")
    .pipe((s) =>
      s
        .split(",")
        .map((part) => part.trim())
        .filter(Boolean)
        .map(Number),
    )
    .narrow((ids, ctx) => ids.every((n) => Number.isInteger(n) && n >= min && n <= max) || ctx.reject({ message: "validation.invalid" }))
    .pipe((ids) => [...new Set(ids)])
    .narrow((ids, ctx) => ids.length <= most || ctx.reject({ message: "validation.invalid" }));
}

const DAY_MS = 86_400_000;

/** An instant as the API writes it (Date.toISOString), e.g. a chart bucket's start. */
const instant = type("string").narrow(
  (s, ctx) =>
    (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(s) && new Date(s).toISOString() === s) ||
    ctx.reject({ message: "validation.format" }),
);

/** Dashboard and mention filters as query parameters, with the spec's keys (spec §9). */
export const DashboardQuery = type({
  "project_id?": id,
  // A brand project and its competitors.
  "project_ids?": idList(1, Number.MAX_SAFE_INTEGER, 1 + MAX_COMPETITORS),
  "type_time?": type.enumerated(...TIME_PRESETS),
  "start_date?": calendarDate,
  "end_date?": calendarDate,
  "channel_id?": channelId,
  "channel_ids?": idList(1, CHANNELS.length, CHANNELS.length),
  "sentiment_ids?": idList(0, 2, 3),
  "mention_type?": integer.pipe(type("0 <= number.integer <= 4")),
  "mention_status?": integer.pipe(type("0 <= number.integer <= 3")),
  "status?": integer.pipe(type("0 <= number.integer <= 3")),
  "type_ecommerce?": integer.pipe(type("0 <= number.integer <= 2")),
  "sub_brand?": id,
  "service_id?": id,
  "search?": type("string").atMostLength(MAX_SEARCH_LENGTH),
  "page?": integer.pipe(type("number.integer").atLeast(1).atMost(MAX_PAGE)),
  "summary_sort?": type.enumerated(...SORT_OPTIONS),
  "limit?": integer.pipe(type("1 <= number.integer <= 100")),
  // "story": the mention list answers one item per story (near-duplicate mentions) instead of one per mention.
  "group?": type.enumerated(...MENTION_GROUPS),
  // Drill-down from a widget: the mentions of one story, of one source (site, page, channel's account), of one
  // bucket of the period's chart (its start, as the chart's answer names it), or of one crisis (its attached mentions,
  // over the crisis's own period).
  "incident_id?": id,
  // The mentions of one author (the audience's top authors: authors count their mentions).
  "author_id?": id,
  // The mentions of the authors of one province (the audience's map: an author's province as the audience counts it).
  "province?": type.enumerated(...PROVINCES.map((p) => p.code)),
  "story_id?": id,
  "source?": type("string").atLeastLength(1).atMostLength(MAX_TEXT_FIELD),
  "bucket?": instant,
}).narrow((query, ctx) => {
  if (!query.start_date || !query.end_date) return true;
  const days = (Date.parse(query.end_date) - Date.parse(query.start_date)) / DAY_MS + 1;
  if (days < 1) return ctx.reject({ path: ["end_date"], message: "validation.range_order" });
  return days <= MAX_CUSTOM_RANGE_DAYS || ctx.reject({ path: ["end_date"], message: "validation.range_too_long" });
});
export type DashboardQueryInput = typeof DashboardQuery.infer;
