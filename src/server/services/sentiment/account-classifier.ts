import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { adapt, baseReading, decodeAdaptation } from "../../nlp/sentiment/adaptation.ts";
import type { BaseModel } from "../../nlp/sentiment/base-model.ts";
import type { ReadingContext } from "../../nlp/sentiment/reading-context.ts";
import type { SentimentReader } from "../../nlp/sentiment/reader.ts";

// Another process may promote an adaptation: a cached reader is checked against the database this often.
const RECHECK_MS = 60_000;

type Entry = { classifier: SentimentReader; base: BaseModel; adaptationId: number | null; checkedAt: number };
// Per database, so test databases (and their account ids) never share entries.
const caches = new WeakMap<Kysely<Database>, Map<number, Entry>>();

/** The newest promoted adaptation of the account learnt on the given base model, if any. */
function activeAdaptation(db: Kysely<Database>, accountId: number, baseVersion: string) {
  return db
    .selectFrom("sentiment_adaptations")
    .select(["id", "version", "weights"])
    .where("account_id", "=", accountId)
    .where("status", "=", "promoted")
    .where("base_version", "=", baseVersion)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** The account's reader over a base model and one of the account's adaptations learnt on it (none: the base alone). */
export function readerOf(base: BaseModel, adaptation: { version: string; weights: Uint8Array } | undefined): SentimentReader {
  if (!adaptation)
    return Object.assign((text: string, context?: ReadingContext) => base.model.classify(text, context), { version: base.version });
  const read = (text: string, context?: ReadingContext) => baseReading(base.model, text, context);
  return Object.assign(adapt(read, decodeAdaptation(adaptation.weights)), { version: adaptation.version });
}

/** The account's active classifier: the shared base model plus the account's promoted adaptation, cached in memory. */
export async function accountClassifier(deps: Deps, accountId: number): Promise<SentimentReader> {
  let cache = caches.get(deps.db);
  if (!cache) caches.set(deps.db, (cache = new Map()));
  const base = deps.sentimentBase();
  const now = deps.now().getTime();
  const entry = cache.get(accountId);
  if (entry?.base === base && now - entry.checkedAt < RECHECK_MS) return entry.classifier;
  const active = await activeAdaptation(deps.db, accountId, base.version);
  const adaptationId = active ? Number(active.id) : null;
  if (entry?.base === base && entry.adaptationId === adaptationId) {
    entry.checkedAt = now;
    return entry.classifier;
  }
  const classifier = readerOf(base, active);
  cache.set(accountId, { classifier, base, adaptationId, checkedAt: now });
  return classifier;
}

/** Drops the cached reader of the account (after a promotion), so the next call reads the new one. */
export function forgetAccountClassifier(deps: Deps, accountId: number): void {
  caches.get(deps.db)?.delete(accountId);
}
