export { projectDataStamp } from "./project-data-stamp.ts";
export { pruneProjectChanges } from "./prune-project-changes.ts";
export { recordProjectChanges } from "./record-project-changes.ts";
