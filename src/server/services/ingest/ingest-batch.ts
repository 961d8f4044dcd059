import { IngestDocument } from "../../../shared/schemas/ingest.ts";
import type { CollectedDocument } from "./collected-document.ts";
import type { DocumentScope } from "../../db/document-scope.ts";
import type { Deps } from "../../deps.ts";
import { checkDocument } from "./check-document.ts";
import { ingestDocuments } from "./ingest-documents.ts";
import { toCollected } from "./to-collected.ts";
import type { IngestResultSchema } from "../../../shared/schemas/answers.ts";

type Rejection = { index: number; errors: string[] };

/**
 * Validates every item, stores the valid ones in the key's scope through the pipeline, and reports the others by
 * index with reasons: one bad item never costs the batch its good ones.
 */
export async function ingestBatch(deps: Deps, scope: DocumentScope, items: unknown[]): Promise<typeof IngestResultSchema.infer> {
  const valid: CollectedDocument[] = [];
  const rejected: Rejection[] = [];
  const now = deps.now();
  for (const [index, item] of items.entries()) {
    const checked = checkDocument(IngestDocument, item, now);
    if ("errors" in checked) rejected.push({ index, errors: checked.errors });
    else valid.push(toCollected(checked.value));
  }
  const stored = valid.length > 0 ? await ingestDocuments(deps, valid, { scope }) : { inserted: 0, updated: 0, mentions: 0 };
  return { accepted: valid.length, ...stored, rejected };
}
