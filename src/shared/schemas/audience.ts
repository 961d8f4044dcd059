import { type } from "arktype";
import { MAX_TOP_AUTHORS, TOP_AUTHOR_SORTS } from "../audience.ts";
import { CHANNELS } from "../channels.ts";
import { AUDIENCE_TIME_PRESETS } from "../filters.ts";
import { MAX_COMPETITORS } from "../limits.ts";
import { channelId, id, idList } from "./dashboard.ts";

/**
 * Audience filters as query parameters: the project (or the brand and its competitors), the channels, and one of the
 * two periods the audience offers (spec §2); other dashboard filters do not apply to authors.
 */
export const AudienceQuery = type({
  "project_id?": id,
  "project_ids?": idList(1, Number.MAX_SAFE_INTEGER, 1 + MAX_COMPETITORS),
  "type_time?": type.enumerated(...AUDIENCE_TIME_PRESETS).configure({ message: "validation.audience_period" }),
  "channel_id?": channelId,
  "channel_ids?": idList(1, CHANNELS.length, CHANNELS.length),
  "sort?": type.enumerated(...TOP_AUTHOR_SORTS),
  "limit?": type("string.integer.parse").pipe(type("number.integer").atLeast(1).atMost(MAX_TOP_AUTHORS)),
});
