import { type } from "arktype";
import { EXPORT_RANGES } from "../filters.ts";

/** Changes to one or many mentions of one project; at least one field. */
export const MentionUpdateBody = type({
  project_id: "number.integer > 0",
  ids: type("number.integer > 0").array().atLeastLength(1).atMostLength(500),
  "sentiment?": "0 | 1 | 2",
  "status?": "0 | 1 | 2 | 3",
  "sub_brand_id?": "number.integer > 0 | null",
  "service_id?": "number.integer > 0 | null",
}).narrow(
  (body, ctx) =>
    ["sentiment", "status", "sub_brand_id", "service_id"].some((field) => field in body) || ctx.reject({ path: ["ids"], message: "mention.nothing_to_update" }),
);
export type MentionUpdate = typeof MentionUpdateBody.infer;

export const ExportRange = type.enumerated(...EXPORT_RANGES);
