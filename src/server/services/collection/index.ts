export { collectDueSources } from "./collect-due-sources.ts";
export { runPendingBackfills } from "./run-pending-backfills.ts";
export { listSourceHealth } from "./source-health.ts";
