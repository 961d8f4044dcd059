import type { Type } from "arktype";
import type { Deps } from "../deps.ts";

/** A background job: an id, the shape of its data, an optional cron schedule, and a handler (documenso style). */
export type JobDefinition<Data> = {
  id: string;
  schema: Type<Data>;
  /** Cron in Vietnam time (TIME_ZONE). */
  schedule?: string;
  handler: (deps: Deps, data: Data) => Promise<void>;
};
