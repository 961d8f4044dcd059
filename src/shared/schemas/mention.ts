import { type } from "arktype";
import { id } from "./dashboard.ts";
import { rowId } from "./fields.ts";

/** Changes to one or many mentions of one project; at least one field. */
export const MentionUpdateBody = type({
  project_id: rowId,
  ids: rowId.array().atLeastLength(1).atMostLength(500),
  "sentiment?": "0 | 1 | 2",
  "status?": "0 | 1 | 2 | 3",
  "sub_brand_id?": rowId.or("null"),
  "service_id?": rowId.or("null"),
  // Also to every other mention of the same stories in this project ("correct once, fix the story").
  "apply_to_story?": "boolean",
}).narrow(
  (body, ctx) =>
    ["sentiment", "status", "sub_brand_id", "service_id"].some((field) => field in body) ||
    ctx.reject({ path: ["ids"], message: "mention.nothing_to_update" }),
);
export type MentionUpdate = typeof MentionUpdateBody.infer;

/** Undoes one edit (an update, or an update applied to a story) of a project's mentions. */
export const MentionUndoBody = type({ project_id: rowId, edit_id: rowId });
export type MentionUndo = typeof MentionUndoBody.infer;

/** One mention: a document (`id`) in one of the caller's projects. */
export const MentionQuery = type({ project_id: id, id });

/** A project's sub brands or services: the caller's first project when none is named. */
export const ProjectItemsQuery = type({ "project_id?": "string.integer.parse" });
export type MentionRef = typeof MentionQuery.infer;
