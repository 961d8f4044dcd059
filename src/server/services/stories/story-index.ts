import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";
import { bandKeys } from "../../nlp/near-duplicate.ts";
import { unpackInts } from "./packed-ints.ts";

/** Texts the index holds at most (the newest): memory stays bounded however much the window holds. */
const CAPACITY = 100_000;
/** Ids below the newest one read again at each refresh: rows other workers committed after a later id was seen. */
const CATCH_UP = 200;
/** Ids per band looked at: the newest ones, so a template filled a thousand ways is not compared a thousand times. */
const BUCKET_SCAN = 64;
const HOUR_MS = 3_600_000;

/** `keys`: the text's band keys (near-duplicate.ts bandKeys). */
type Entry = { scopeId: number; keys: number[]; seenAt: number };

/**
 * The LSH bands of the story texts of one database's window, in this process's memory: finding candidates costs no
 * query. `story_texts` is the truth; each ingest batch first reads the rows stored since (by any worker), and its own
 * new texts are added as they are stored.
 */
class StoryIndex {
  private entries = new Map<number, Entry>();
  private buckets = new Map<number, Map<number, number[]>>(); // scope → band → text ids, oldest first
  private newest = 0;
  private evictedAt = Number.NEGATIVE_INFINITY;

  async refresh(trx: Transaction<Database>, since: Date): Promise<void> {
    const rows = await trx
      .selectFrom("story_texts")
      .select(["id", "scope_id", "bands", "seen_at"])
      .where("id", ">", this.newest - CATCH_UP)
      .where("seen_at", ">=", since)
      .orderBy("id", "desc")
      .limit(CAPACITY)
      .execute();
    for (const row of rows.reverse())
      this.add(row.id, { scopeId: row.scope_id, keys: bandKeys(unpackInts(row.bands)), seenAt: new Date(row.seen_at).getTime() });
    // The window moves slowly: looking for texts that left it once an hour is enough.
    if (since.getTime() - this.evictedAt < HOUR_MS) return;
    this.evictedAt = since.getTime();
    for (const [id, entry] of this.entries) if (entry.seenAt < since.getTime()) this.remove(id);
  }

  add(id: number, entry: Entry): void {
    if (this.entries.has(id)) return;
    this.entries.set(id, entry);
    this.newest = Math.max(this.newest, id);
    const scope = this.buckets.get(entry.scopeId) ?? new Map<number, number[]>();
    this.buckets.set(entry.scopeId, scope);
    for (const key of entry.keys) {
      if (scope.has(key)) scope.get(key)!.push(id);
      else scope.set(key, [id]);
    }
    // A Map iterates in insertion order: the first entry is the one added longest ago.
    if (this.entries.size > CAPACITY) this.remove(this.entries.keys().next().value!);
  }

  seen(id: number, at: Date): void {
    const entry = this.entries.get(id);
    if (entry) entry.seenAt = at.getTime();
  }

  /** The ids of the scope's texts sharing the most band keys with these, at most `limit`. */
  nearest(scopeId: number, keys: number[], limit: number): number[] {
    const scope = this.buckets.get(scopeId);
    if (!scope) return [];
    const shared = new Map<number, number>();
    for (const key of keys) for (const id of (scope.get(key) ?? []).slice(-BUCKET_SCAN)) shared.set(id, (shared.get(id) ?? 0) + 1);
    return [...shared]
      .sort((a, b) => b[1] - a[1] || b[0] - a[0])
      .slice(0, limit)
      .map(([id]) => id);
  }

  private remove(id: number): void {
    const entry = this.entries.get(id)!;
    this.entries.delete(id);
    const scope = this.buckets.get(entry.scopeId)!;
    for (const key of entry.keys) {
      const ids = scope.get(key)!.filter((other) => other !== id);
      if (ids.length) scope.set(key, ids);
      else scope.delete(key);
    }
  }
}

const indexes = new WeakMap<Kysely<Database>, StoryIndex>();

/** The story index of a database (one per database per process). */
export function storyIndexOf(db: Kysely<Database>): StoryIndex {
  let index = indexes.get(db);
  if (!index) indexes.set(db, (index = new StoryIndex()));
  return index;
}
export type { StoryIndex };
