import { type } from "arktype";
import { FUTURE_TOLERANCE_MS, IngestDocument } from "../../../shared/schemas/ingest.ts";
import type { CollectedDocument } from "../../collectors/types.ts";
import type { DocumentScope } from "./document-scope.ts";
import type { Deps } from "../../deps.ts";
import { ingestDocuments } from "./ingest-documents.ts";
import { toCollected } from "./to-collected.ts";

export type Rejection = { index: number; errors: string[] };

/**
 * Validates every item, stores the valid ones in the key's scope through the pipeline, and reports the others by
 * index with reasons: one bad item never costs the batch its good ones.
 */
export async function ingestBatch(deps: Deps, scope: DocumentScope, items: unknown[]) {
  const valid: CollectedDocument[] = [];
  const rejected: Rejection[] = [];
  const latest = deps.now().getTime() + FUTURE_TOLERANCE_MS;
  for (const [index, item] of items.entries()) {
    const parsed = IngestDocument(item);
    if (parsed instanceof type.errors) {
      rejected.push({ index, errors: [...parsed].map((e) => e.message) });
      continue;
    }
    const document = toCollected(parsed);
    if (document.publishedAt.getTime() > latest)
      rejected.push({ index, errors: [`published_at must be at most a day from now (was "${parsed.published_at}")`] });
    else valid.push(document);
  }
  const stored = valid.length > 0 ? await ingestDocuments(deps, valid, { scope }) : { inserted: 0, updated: 0, mentions: 0 };
  return { accepted: valid.length, ...stored, rejected };
}
