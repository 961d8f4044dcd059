export type { DocumentScope } from "../../db/document-scope.ts";
export { ingestBatch } from "./ingest-batch.ts";
