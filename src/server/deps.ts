import type { Kysely } from "kysely";
import type pg from "pg";
import type { Config } from "./config.ts";
import type { DatabaseHandle, DatabaseKind } from "./db/client.ts";
import type { Database } from "./db/schema.ts";
import { createLogger, type Logger } from "./log.ts";
import type { Matcher } from "./nlp/match.ts";
import { type BaseModel, committedBaseModel } from "./nlp/sentiment/base-model.ts";
import { createFigureCache, type FigureCache } from "./services/figure-cache/figure-cache.ts";
import { createMailProvider, type MailProvider } from "./notify/mail.ts";
import { createSmsProvider, type SmsProvider } from "./notify/sms.ts";
import { configuredSources, createHttpClient, type HttpClient, type Source } from "./services/collection/sources.ts";
import { createActiveMatcher } from "./services/ingest/active-matcher.ts";
import { prepareInThread, prepareInWorker, type PrepareDocuments } from "./services/ingest/prepare-documents.ts";
import type { ClassifySentiment } from "./nlp/sentiment/reader.ts";

/** Everything services, jobs and commands may use; the server, the CLI and the tests all build it with createDeps. */
export type Deps = {
  db: Kysely<Database>;
  dbKind: DatabaseKind;
  /** The connection pool behind `db`; the job runner shares it. */
  pool: pg.Pool;
  config: Config;
  log: Logger;
  /** The clock: services take the time from here, so tests can move it. */
  now: () => Date;
  sms: SmsProvider;
  mail: MailProvider;
  /** The shared base sentiment model (the committed one unless given), read on first use. */
  sentimentBase: () => BaseModel;
  /** The base model's reading of a whole text. */
  classify: ClassifySentiment;
  /** Collected items as document rows: in a worker thread with the committed model, else in the calling thread. */
  prepareDocuments: PrepareDocuments;
  /** Every project's keywords in one matcher, rebuilt when projects change. */
  matcher: () => Promise<Matcher>;
  /** Outbound HTTP of the collectors (politeness, retries). */
  http: HttpClient;
  /** The sources the collectors poll; none unless COLLECT=on. */
  sources: Source[];
  /** Dashboard and mention-list answers reused while their projects do not change (FIGURE_CACHE_SECONDS). */
  figureCache: FigureCache;
};

/** Answers one process keeps at most: a few MB, far more than the distinct views its users open in a cache lifetime. */
const FIGURE_CACHE_ENTRIES = 2_000;

/** The composition root: one place that turns configuration and an open database into the dependencies. */
export function createDeps(config: Config, handle: DatabaseHandle, overrides: Partial<Deps> = {}): Deps {
  const log = overrides.log ?? createLogger(config.logLevel);
  const sentimentBase = overrides.sentimentBase ?? committedBaseModel;
  const now = overrides.now ?? (() => new Date());
  const classify = overrides.classify ?? ((text, context) => sentimentBase().model.classify(text, context));
  const committed = !overrides.classify && !overrides.sentimentBase;
  return {
    db: handle.db,
    dbKind: handle.kind,
    pool: handle.pool,
    config,
    log,
    now,
    sms: createSmsProvider(config, log),
    mail: createMailProvider(config, log),
    sentimentBase,
    classify,
    prepareDocuments: committed ? prepareInWorker(log) : prepareInThread(classify),
    matcher: createActiveMatcher(handle.db),
    http: createHttpClient(),
    sources: config.collect.enabled ? configuredSources(config.collect) : [],
    figureCache: createFigureCache({ ttlMs: config.figureCacheSeconds * 1000, maxEntries: FIGURE_CACHE_ENTRIES, now }),
    ...overrides,
  };
}
