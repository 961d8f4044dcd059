import type { CollectorError } from "./errors";
import type { HttpClient } from "./http";
import type { CollectedDocument } from "../services/ingest/collected-document.ts";

export type PollContext = {
  /** The round's time: collectors never read the system clock, so a round is reproducible. */
  now: Date;
  http: HttpClient;
  /** The keyword set of search-based collectors (Google News, YouTube); others ignore it. */
  keywords?: string[];
};

/**
 * `state` is what to persist and pass to the next round; it is JSON-serializable (dates as ISO strings).
 * On an error, `documents` still holds whatever was collected before it.
 * `notModified` is true when the provider answered 304 to a conditional GET.
 */
export type PollResult<State> = {
  documents: CollectedDocument[];
  state: State;
  error: CollectorError | null;
  notModified?: boolean;
};

/** One source behind one interface; a round never throws for provider problems, it reports them in `error`. */
export interface Collector<State> {
  /** Stable id to key persisted state, e.g. "rss:vnexpress-kinh-doanh", "youtube:search", "appstore:561433133". */
  readonly id: string;
  poll(ctx: PollContext, state: State | null): Promise<PollResult<State>>;
}
