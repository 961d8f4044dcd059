import type { Type } from "arktype";
import type { Logger } from "../log.ts";
import type { IngestDeps } from "../services/pipeline/ingest-documents.ts";
import type { HttpClient } from "../collectors/index.ts";
import type { Source } from "../services/collection/sources.ts";

export type JobDeps = IngestDeps & { log: Logger; http: HttpClient; sources: Source[] };

/** A background job: an id, the shape of its data, an optional cron schedule, and a handler (documenso style). */
export type JobDefinition<Data> = {
  id: string;
  schema: Type<Data>;
  /** Cron in Asia/Ho_Chi_Minh time. */
  schedule?: string;
  handler: (deps: JobDeps, data: Data) => Promise<void>;
};
