import { sql, type Insertable, type Transaction } from "kysely";
import { arrayParam } from "../../db/array-param.ts";
import { inScope, type DocumentScope } from "../../db/document-scope.ts";
import type { Database, DocumentsTable } from "../../db/schema.ts";
import { applyRollups, type RollupContribution } from "../tallies/index.ts";

type StoredCounters = { id: number; dedup_key: string; likes: number; shares: number; comments: number; views: number };

/** The documents of the batch already stored in its scope, locked until the transaction ends. */
export function lockStored(trx: Transaction<Database>, keys: string[], scope: DocumentScope): Promise<StoredCounters[]> {
  return trx
    .selectFrom("documents")
    .select(["id", "dedup_key", "likes", "shares", "comments", "views"])
    .where("dedup_key", "=", sql<string>`any(${arrayParam(keys)}::text[])`)
    .where((eb) => inScope(eb, scope))
    .forUpdate()
    .execute();
}

/**
 * A document collected again: its new counters on the document and its mentions, and the difference in the rollups of
 * those mentions. Answers how many documents changed.
 */
export async function updateCounters(
  trx: Transaction<Database>,
  stored: StoredCounters[],
  prepared: Map<string, Insertable<DocumentsTable>>,
  now: Date,
): Promise<number> {
  let updated = 0;
  for (const old of stored) {
    const next = prepared.get(old.dedup_key)!;
    const delta = {
      likes: Number(next.likes) - old.likes,
      shares: Number(next.shares) - old.shares,
      comments: Number(next.comments) - old.comments,
      views: Number(next.views) - old.views,
    };
    if (Object.values(delta).every((d) => d === 0)) continue;
    await trx
      .updateTable("documents")
      .set({ likes: next.likes, shares: next.shares, comments: next.comments, views: next.views, updated_at: now })
      .where("id", "=", old.id)
      .execute();
    const mentions = await trx
      .updateTable("mentions")
      .set({
        interactions: Number(next.likes) + Number(next.shares) + Number(next.comments),
        likes: next.likes,
        shares: next.shares,
        comments: next.comments,
        views: next.views,
        updated_at: now,
      })
      .where("document_id", "=", old.id)
      .returning(["project_id", "document_id", "published_at", "channel", "sentiment", "is_noise", "mention_type"])
      .execute();
    const contributions: RollupContribution[] = mentions.map((m) => ({ ...m, ...delta, source_name: next.source_name, count: 0 }));
    await applyRollups(trx, contributions, 1);
    updated += 1;
  }
  return updated;
}
