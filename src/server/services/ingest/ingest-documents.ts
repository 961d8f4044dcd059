import type { Insertable, Kysely } from "kysely";
import { insertDocuments } from "./insert-documents.ts";
import { lockStored, updateCounters } from "./update-counters.ts";
import type { CollectedDocument } from "./collected-document.ts";
import type { Deps } from "../../deps.ts";
import type { Database, DocumentsTable } from "../../db/schema.ts";
import type { Matcher } from "../../nlp/match.ts";
import { createRepeatDetector } from "../../nlp/repeat-detector.ts";
import { attachAuthors, batchAuthors, type BatchAuthors } from "./attach-authors.ts";
import type { StoryText } from "../../nlp/near-duplicate.ts";
import { attachStories } from "./attach-stories.ts";
import type { DocumentScope } from "../../db/document-scope.ts";
import { linkMentions, searchTermsLiteral, type DocumentForLink, type LinkRequest } from "./link-mentions.ts";
import { matchMentions } from "./match-mentions.ts";
import { ensureMentionMonths } from "../maintenance/index.ts";
import { type ProjectReaders, projectReaders } from "../sentiment/index.ts";

type IngestResult = { inserted: number; updated: number; mentions: number };
type IngestOptions = {
  scope?: DocumentScope;
  isDemo?: boolean;
  /** Projects whose own channel the batch comes from (a connected page): every document is their mention. */
  ownedBy?: readonly number[];
};

/**
 * A batch ready to be written: its documents as rows by dedup key (prepared in the worker thread when it can be), with
 * their story features, their authors and the mentions each makes.
 */
type PreparedBatch = {
  prepared: Map<string, Insertable<DocumentsTable>>;
  storyTexts: Map<string, StoryText>;
  authors: BatchAuthors;
  matches: Map<string, Match[]>;
  scope: DocumentScope;
  now: Date;
};

/** A mention a document makes, with its search terms (computed ahead: they need no id). */
type Match = Omit<LinkRequest, "document">;

const repeats = createRepeatDetector();

/**
 * The pipeline for one batch of one scope (the pool unless said otherwise): prepare (NFC, sentiment, noise, province)
 * → dedup inside the scope → match every project at once, keeping only the projects allowed to see the scope, each with
 * the sentiment toward it → one transaction for documents, mentions and rollups. Collecting a document again updates its
 * counters (and the rollups of its mentions) instead of duplicating it, so a batch can be retried after a crash.
 */
export async function ingestDocuments(deps: Deps, batch: CollectedDocument[], options: IngestOptions = {}): Promise<IngestResult> {
  return writeBatch(deps, await prepareBatch(deps, batch, options));
}

/**
 * Batches in order, each one prepared while the one before is written; `onWritten` hears of each (for progress). An
 * interrupted run keeps the batches it wrote: each is its own transaction.
 */
export async function ingestBatches(
  deps: Deps,
  batches: CollectedDocument[][],
  options: IngestOptions = {},
  onWritten?: (result: IngestResult, index: number) => void,
): Promise<IngestResult> {
  const total = { inserted: 0, updated: 0, mentions: 0 };
  let next = batches.length > 0 ? prepareBatch(deps, batches[0], options) : null;
  for (let i = 0; next; i++) {
    const prepared = await next;
    next = i + 1 < batches.length ? prepareBatch(deps, batches[i + 1], options) : null;
    // Heard at once, so a failure while this batch is written is no unhandled rejection; awaited above, it still throws.
    next?.catch(() => {});
    const result = await writeBatch(deps, prepared);
    total.inserted += result.inserted;
    total.updated += result.updated;
    total.mentions += result.mentions;
    onWritten?.(result, i);
  }
  return total;
}

/** Items cut into batches of `size`, in order. */
export const inBatches = <T>(items: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/**
 * Everything a batch needs before its transaction. In ingestBatches this runs while the batch before is written: the
 * project side is read first (on the embedded database's one connection a read would wait for that whole write), and
 * the work in this thread yields now and then, so the write's statements are sent as soon as their turn comes.
 */
async function prepareBatch(deps: Deps, batch: CollectedDocument[], options: IngestOptions): Promise<PreparedBatch> {
  const scope = options.scope ?? "pool";
  const now = deps.now();
  const projectSide = Promise.all([projectReaders(deps), deps.matcher(), allowedProjects(deps.db, scope)]);
  // Heard at once: a failure while the documents are prepared would otherwise be an unhandled rejection; awaited below.
  projectSide.catch(() => {});
  // Counted here, in the order batches come, whichever thread prepares them.
  const repeatCounts: number[] = [];
  for (const doc of batch) {
    if (repeatCounts.length % SLICE === 0) await nextTurn();
    repeatCounts.push(repeats.seen(doc.content));
  }
  const documents = await deps.prepareDocuments(batch, { now, scope, isDemo: options.isDemo, repeatCounts });
  const [readers, matcher, allowed] = await projectSide;
  const prepared = new Map<string, Insertable<DocumentsTable>>();
  const storyTexts = new Map<string, StoryText>();
  for (const { row, story } of documents) {
    prepared.set(row.dedup_key, row);
    storyTexts.set(row.dedup_key, story);
  }
  const authors = batchAuthors(batch, prepared, scope);
  const matches = await matchAll(readers, matcher, prepared, allowed, options.ownedBy ?? []);
  return { prepared, storyTexts, authors, matches, scope, now };
}

/**
 * The mentions' months made first, then one transaction: lock the batch's documents already stored, attach the authors,
 * give the new documents their stories and insert them, update the counters of the stored ones, link the mentions (and
 * count them in the rollups).
 */
async function writeBatch(deps: Deps, { prepared, storyTexts, authors, matches, scope, now }: PreparedBatch): Promise<IngestResult> {
  if (prepared.size === 0) return { inserted: 0, updated: 0, mentions: 0 };
  await ensureMentionMonths(
    deps.db,
    [...matches.keys()].map((key) => new Date(prepared.get(key)!.published_at as Date)),
  );

  return deps.db.transaction().execute(async (trx) => {
    const stored = await lockStored(trx, [...prepared.keys()], scope);
    const known = new Set(stored.map((row) => row.dedup_key));
    await attachAuthors(trx, authors, prepared);
    const fresh = [...prepared.values()].filter((row) => !known.has(row.dedup_key));
    await attachStories(deps, trx, scope, fresh, storyTexts, now);
    const ids = fresh.length > 0 ? await insertDocuments(trx, fresh) : [];
    const updated = await updateCounters(trx, stored, prepared, now);
    const mentions = await linkMentions(trx, mentionsOf(ids, prepared, matches), now);
    return { inserted: ids.length, updated, mentions };
  });
}

/** The projects that may see the scope's documents: every project for the pool, else the account's own; null = all. */
async function allowedProjects(db: Kysely<Database>, scope: DocumentScope): Promise<Set<number> | null> {
  if (scope === "pool") return null;
  const own = await db.selectFrom("projects").select("id").where("user_id", "=", scope.accountId).execute();
  return new Set(own.map((p) => p.id));
}

/** Documents handled between two turns of the event loop (a few milliseconds of work), so a write goes on meanwhile. */
const SLICE = 10;
const nextTurn = () => new Promise(setImmediate);

/** dedup key → the mentions it makes among the allowed projects. */
async function matchAll(
  readers: ProjectReaders,
  matcher: Matcher,
  prepared: Map<string, Insertable<DocumentsTable>>,
  allowed: Set<number> | null,
  owned: readonly number[],
): Promise<Map<string, Match[]>> {
  const result = new Map<string, Match[]>();
  let done = 0;
  for (const [key, row] of prepared) {
    if (++done % SLICE === 0) await nextTurn();
    const document = {
      title: row.title ?? null,
      content: row.content,
      sentiment: row.sentiment,
      channel: row.channel,
      platform: row.platform,
      mention_type: row.mention_type,
      rating: row.rating ?? null,
    };
    const mentions = matchMentions(readers, matcher, document, allowed, owned);
    if (mentions.length === 0) continue;
    const publishedAt = new Date(row.published_at as Date);
    result.set(
      key,
      mentions.map((m) => ({ ...m, searchTerms: searchTermsLiteral(m.projectId, publishedAt, row.search_text) })),
    );
  }
  return result;
}

/** The mentions the new documents make, each with its document as stored. */
function mentionsOf(
  ids: { id: number; dedup_key: string }[],
  prepared: Map<string, Insertable<DocumentsTable>>,
  matches: Map<string, Match[]>,
): LinkRequest[] {
  return ids.flatMap(({ id, dedup_key }) => {
    const row = prepared.get(dedup_key)!;
    return (matches.get(dedup_key) ?? []).map((mention) => ({ ...mention, document: { ...documentForLink(row), id } }));
  });
}

function documentForLink(row: Insertable<DocumentsTable>): Omit<DocumentForLink, "id"> {
  return {
    dedup_key: row.dedup_key,
    published_at: new Date(row.published_at as Date),
    channel: row.channel,
    mention_type: row.mention_type ?? 0,
    noise_score: row.noise_score ?? 0,
    source_name: row.source_name,
    likes: Number(row.likes ?? 0),
    shares: Number(row.shares ?? 0),
    comments: Number(row.comments ?? 0),
    views: Number(row.views ?? 0),
    search_text: row.search_text,
    // Set by attachAuthors before any link is made.
    author_ref: row.author_ref ?? null,
  };
}
