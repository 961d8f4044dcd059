import { type } from "arktype";
import { IngestDocument } from "../../../shared/schemas/ingest.ts";
import type { CollectedDocument } from "../../collectors/types.ts";
import { ingestDocuments, type IngestDeps } from "../pipeline/ingest-documents.ts";
import { toCollected } from "./to-collected.ts";

export type Rejection = { index: number; errors: string[] };

/** Validates every item, stores the valid ones through the pipeline, and reports the others by index with reasons. */
export async function ingestBatch(deps: IngestDeps, items: unknown[]) {
  const valid: CollectedDocument[] = [];
  const rejected: Rejection[] = [];
  items.forEach((item, index) => {
    const parsed = IngestDocument(item);
    if (parsed instanceof type.errors) rejected.push({ index, errors: [...parsed].map((e) => e.message) });
    else valid.push(toCollected(parsed));
  });
  const stored = valid.length > 0 ? await ingestDocuments(deps, valid) : { inserted: 0, updated: 0, mentions: 0 };
  return { accepted: valid.length, ...stored, rejected };
}
