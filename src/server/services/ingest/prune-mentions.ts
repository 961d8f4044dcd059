import { sql, type Transaction } from "kysely";
import { keywordKey } from "../../../shared/vietnamese.ts";
import type { Database } from "../../db/schema.ts";
import { applyRollups } from "../tallies/index.ts";

/**
 * After a keyword change, mentions found only by keywords the project no longer has leave it, counters included. A
 * mention from the project's own channel (a connected page) was found by no keyword and stays whatever the keywords.
 */
export async function pruneMentions(trx: Transaction<Database>, projectId: number, keywords: string[]): Promise<void> {
  const keys = keywords.map(keywordKey);
  const removed = await trx
    .deleteFrom("mentions")
    .using("documents")
    .whereRef("documents.id", "=", "mentions.document_id")
    .where("mentions.project_id", "=", projectId)
    .where(sql<boolean>`cardinality(mentions.matched_keywords) > 0`)
    .where(sql<boolean>`not (mentions.matched_keywords && ${sql.val(keys)}::text[])`)
    .returning([
      "mentions.project_id",
      "mentions.document_id",
      "mentions.published_at",
      "mentions.channel",
      "mentions.sentiment",
      "mentions.is_noise",
      "mentions.mention_type",
      "documents.source_name",
      "documents.likes",
      "documents.shares",
      "documents.comments",
      "documents.views",
    ])
    .execute();
  await applyRollups(
    trx,
    removed.map((r) => ({
      ...r,
      count: 1 as const,
      likes: Number(r.likes),
      shares: Number(r.shares),
      comments: Number(r.comments),
      views: Number(r.views),
    })),
    -1,
  );
}
