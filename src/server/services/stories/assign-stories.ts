import { sql, type Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";
import { bandKeys, storySimilarity, storyText, type StoryText } from "../../nlp/near-duplicate.ts";
import { scopeAccountId, type DocumentScope } from "../../db/document-scope.ts";
import { packInts, unpackInts } from "./packed-ints.ts";
import type { StoryIndex } from "./story-index.ts";

/** Stories take new copies for this long after their texts were last seen (docs/nlp/stories.md). */
export const STORY_WINDOW_DAYS = 14;
/** Texts compared with each new text: those sharing the most bands with it. */
const CANDIDATES_PER_TEXT = 5;
const DAY_MS = 86_400_000;

type StoryRequest = { key: string; text: StoryText };

/** What a document's story is told by: its title and content. */
export const documentStoryText = (doc: { title?: string | null; content: string }): StoryText =>
  storyText(doc.title ? `${doc.title}\n${doc.content}` : doc.content);

/** A story being decided: known (id) or founded by this batch (id set once created). */
type StoryRef = { id: number | null; founder: string };
/** A distinct text of the batch that the index does not hold yet. */
type NewText = { hash: string; text: StoryText; story: StoryRef };
type Indexed = Pick<StoryText, "words" | "names" | "shingles" | "shingleCount"> & { storyId: number };

/**
 * The story of each document (by key), in the ingest transaction of its scope: the story of the same normalized text,
 * else of the most similar recent text sharing LSH bands (this batch's included), else a new one. The unique key on
 * (scope, text hash) decides between concurrent workers: whoever stores a text first owns it, the other one adopts
 * that story and drops its own.
 */
export async function assignStories(
  trx: Transaction<Database>,
  index: StoryIndex,
  scope: DocumentScope,
  requests: StoryRequest[],
  now: Date,
): Promise<Map<string, number>> {
  const scopeId = scopeAccountId(scope) ?? 0;
  const keysByHash = new Map<string, { text: StoryText; keys: string[] }>();
  const loners: StoryRequest[] = [];
  for (const request of requests) {
    // A text without words (a photo, a bare link) is nobody's copy.
    if (request.text.words.length === 0) loners.push(request);
    else if (keysByHash.has(request.text.hash)) keysByHash.get(request.text.hash)!.keys.push(request.key);
    else keysByHash.set(request.text.hash, { text: request.text, keys: [request.key] });
  }
  // For each distinct text, where its story is decided (a new text's story can still change when it is stored).
  const storyOfHash = new Map<string, { story: StoryRef }>();

  const hashes = [...keysByHash.keys()];
  const known = hashes.length
    ? await trx
        .selectFrom("story_texts")
        .select(["id", "text_hash", "story_id", "seen_at"])
        .where("scope_id", "=", scopeId)
        .where(sql<boolean>`text_hash = any(${hashes}::text[])`)
        .execute()
    : [];
  for (const row of known) storyOfHash.set(row.text_hash, { story: { id: row.story_id, founder: "" } });

  const fresh = hashes.filter((hash) => !storyOfHash.has(hash)).map((hash) => keysByHash.get(hash)!.text);
  if (fresh.some((text) => text.bands.length > 0)) await index.refresh(trx, new Date(now.getTime() - STORY_WINDOW_DAYS * DAY_MS));
  const nearest = new Map(fresh.map((text) => [text.hash, index.nearest(scopeId, bandKeys(text.bands), CANDIDATES_PER_TEXT)]));
  const features = await featuresOf(trx, [...new Set([...nearest.values()].flat())]);
  const batchBands = new Map<number, NewText[]>();
  const newTexts: NewText[] = [];
  for (const text of fresh) {
    let story: StoryRef = { id: null, founder: text.hash };
    let best = 0;
    for (const id of nearest.get(text.hash)!) {
      const other = features.get(id);
      const similarity = other ? storySimilarity(text, other) : 0;
      if (similarity > best) [best, story] = [similarity, { id: other!.storyId, founder: "" }];
    }
    for (const other of mostShared(bandKeys(text.bands), batchBands)) {
      const similarity = storySimilarity(text, other.text);
      if (similarity > best) [best, story] = [similarity, other.story];
    }
    const entry = { hash: text.hash, text, story };
    newTexts.push(entry);
    storyOfHash.set(text.hash, entry);
    for (const key of bandKeys(text.bands)) {
      if (batchBands.has(key)) batchBands.get(key)!.push(entry);
      else batchBands.set(key, [entry]);
    }
  }

  await createStories(
    trx,
    scope,
    [...new Set(newTexts.map((t) => t.story))].filter((s) => s.id === null),
    now,
  );
  await indexTexts(trx, index, scopeId, newTexts, now);
  const stale = known.filter((row) => now.getTime() - new Date(row.seen_at).getTime() > DAY_MS).map((row) => row.id);
  for (const id of stale) index.seen(id, now);
  // Seen again: the text stays in the window. At most once a day per text, so copies of a viral text rarely write.
  if (stale.length)
    await trx
      .updateTable("story_texts")
      .set({ seen_at: now })
      .where(
        "id",
        "in",
        stale.sort((a, b) => a - b),
      )
      .execute();

  const result = new Map<string, number>();
  for (const [hash, { keys }] of keysByHash) for (const key of keys) result.set(key, storyOfHash.get(hash)!.story.id!);
  if (loners.length) {
    const rows = await insertStories(
      trx,
      scope,
      loners.map(() => ""),
      now,
    );
    loners.forEach((loner, i) => result.set(loner.key, rows[i].id));
  }
  return result;
}

/** The entries sharing the most band keys with a text, at most CANDIDATES_PER_TEXT. */
function mostShared<T>(keys: number[], byKey: Map<number, T[]>): T[] {
  const shared = new Map<T, number>();
  for (const key of keys) for (const entry of byKey.get(key) ?? []) shared.set(entry, (shared.get(entry) ?? 0) + 1);
  return [...shared]
    .sort((a, b) => b[1] - a[1])
    .slice(0, CANDIDATES_PER_TEXT)
    .map(([entry]) => entry);
}

/**
 * The features and story of indexed texts, for comparing, as stored (another worker may have merged a story since); a
 * text whose transaction did not commit, or that left the window, is simply missing.
 */
async function featuresOf(trx: Transaction<Database>, ids: number[]): Promise<Map<number, Indexed>> {
  if (ids.length === 0) return new Map();
  const rows = await trx
    .selectFrom("story_texts")
    .select(["id", "story_id", "words", "names", "shingles", "shingle_count"])
    .where(sql<boolean>`id = any(${ids}::bigint[])`)
    .execute();
  return new Map(
    rows.map((row) => [
      row.id,
      {
        storyId: row.story_id,
        words: unpackInts(row.words),
        names: unpackInts(row.names),
        shingles: unpackInts(row.shingles),
        shingleCount: row.shingle_count,
      },
    ]),
  );
}

/** New stories, one per founding text ("" for a text that founds a story alone), with their ids. */
async function insertStories(trx: Transaction<Database>, scope: DocumentScope, founders: string[], now: Date) {
  const rows: { id: number; text_hash: string }[] = [];
  for (let i = 0; i < founders.length; i += 1000) {
    const values = founders.slice(i, i + 1000).map((text_hash) => ({ account_id: scopeAccountId(scope), text_hash, created_at: now }));
    rows.push(...(await trx.insertInto("stories").values(values).returning(["id", "text_hash"]).execute()));
  }
  return rows;
}

async function createStories(trx: Transaction<Database>, scope: DocumentScope, stories: StoryRef[], now: Date): Promise<void> {
  // A batch founds one story per text, so the founding text tells which row is whose.
  const ids = new Map(
    (
      await insertStories(
        trx,
        scope,
        stories.map((s) => s.founder),
        now,
      )
    ).map((row) => [row.text_hash, row.id]),
  );
  for (const story of stories) story.id = ids.get(story.founder)!;
}

/**
 * Adds the batch's new texts to the index (table and memory). A text another worker stored meanwhile keeps that worker's story: the
 * documents of this batch follow it, and a story this batch founded on that text is merged into it.
 */
async function indexTexts(trx: Transaction<Database>, index: StoryIndex, scopeId: number, texts: NewText[], now: Date): Promise<void> {
  if (texts.length === 0) return;
  // One lock order for every writer (by hash), so two batches inserting the same texts cannot deadlock.
  const sorted = [...texts].sort((a, b) => (a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : 0));
  const stored = new Map<string, number>();
  for (let i = 0; i < sorted.length; i += 500) {
    const rows = await trx
      .insertInto("story_texts")
      .values(
        sorted.slice(i, i + 500).map(({ hash, text, story }) => ({
          scope_id: scopeId,
          text_hash: hash,
          story_id: story.id!,
          words: packInts(text.words),
          names: packInts(text.names),
          shingles: packInts(text.shingles),
          shingle_count: text.shingleCount,
          bands: packInts(text.bands),
          seen_at: now,
        })),
      )
      .onConflict((oc) => oc.columns(["scope_id", "text_hash"]).doNothing())
      .returning(["id", "text_hash"])
      .execute();
    for (const row of rows) stored.set(row.text_hash, row.id);
  }
  const taken = sorted.filter((t) => !stored.has(t.hash));
  if (taken.length) await adoptStories(trx, scopeId, taken);
  for (const { hash, text } of sorted) {
    const id = stored.get(hash);
    if (id !== undefined && text.bands.length > 0) index.add(id, { scopeId, keys: bandKeys(text.bands), seenAt: now.getTime() });
  }
}

async function adoptStories(trx: Transaction<Database>, scopeId: number, taken: NewText[]): Promise<void> {
  const owners = await trx
    .selectFrom("story_texts")
    .select(["text_hash", "story_id"])
    .where("scope_id", "=", scopeId)
    .where(sql<boolean>`text_hash = any(${taken.map((t) => t.hash)}::text[])`)
    .execute();
  const ownerOf = new Map(owners.map((o) => [o.text_hash, o.story_id]));
  for (const text of taken) {
    const theirs = ownerOf.get(text.hash)!;
    if (text.story.founder !== text.hash) {
      // It had joined a story: only this text's documents follow the stored one.
      text.story = { id: theirs, founder: "" };
      continue;
    }
    const ours = text.story.id!;
    text.story.id = theirs;
    await trx.updateTable("story_texts").set({ story_id: theirs }).where("story_id", "=", ours).execute();
    await trx.deleteFrom("stories").where("id", "=", ours).execute();
  }
}
