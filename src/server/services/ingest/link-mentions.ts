import { sql, type Selectable, type Transaction } from "kysely";
import { NOISE_THRESHOLD } from "../../nlp/noise.ts";
import type { Database, DocumentsTable } from "../../db/schema.ts";
import { applyRollups } from "./rollups.ts";
import { mentionSearchTerms } from "../mention-query/search-terms.ts";

export type DocumentForLink = Pick<
  Selectable<DocumentsTable>,
  | "id"
  | "dedup_key"
  | "published_at"
  | "channel"
  | "mention_type"
  | "noise_score"
  | "source_name"
  | "likes"
  | "shares"
  | "comments"
  | "views"
  | "search_text"
  | "author_ref"
>;
/**
 * A mention to create: the project, the document, the keywords it matched, the sentiment toward the project and the
 * version of the reader that gave it.
 */
export type LinkRequest = {
  projectId: number;
  document: DocumentForLink;
  matchedKeywords: string[];
  sentiment: 0 | 1 | 2;
  sentimentModel: string;
};

/**
 * Creates the mentions that do not exist yet and counts exactly those in the rollups, in the caller's transaction.
 * A project gets one mention per item: not a second one for another scope's copy of a document it already has.
 */
export async function linkMentions(trx: Transaction<Database>, links: LinkRequest[], now: Date): Promise<number> {
  let created = 0;
  for (let i = 0; i < links.length; i += 1000) {
    const chunk = await withoutSecondCopies(trx, links.slice(i, i + 1000));
    if (chunk.length === 0) continue;
    const inserted = await trx
      .insertInto("mentions")
      .values(
        chunk.map(({ projectId, document, matchedKeywords, sentiment, sentimentModel }) => ({
          project_id: projectId,
          document_id: document.id,
          published_at: document.published_at,
          channel: document.channel,
          mention_type: document.mention_type,
          sentiment,
          model_sentiment: sentiment,
          sentiment_model: sentimentModel,
          is_noise: document.noise_score >= NOISE_THRESHOLD,
          interactions: Number(document.likes) + Number(document.shares) + Number(document.comments),
          likes: Number(document.likes),
          shares: Number(document.shares),
          comments: Number(document.comments),
          views: Number(document.views),
          matched_keywords: matchedKeywords,
          search_terms: searchTermsOf(projectId, document),
          created_at: now,
          updated_at: now,
        })),
      )
      // published_at is part of the key only because the table is partitioned by it (migration 0024).
      .onConflict((oc) => oc.columns(["project_id", "document_id", "published_at"]).doNothing())
      .returning(["project_id", "document_id"])
      .execute();
    const fresh = new Set(inserted.map((r) => `${r.project_id}:${r.document_id}`));
    await applyRollups(
      trx,
      chunk
        .filter((l) => fresh.has(`${l.projectId}:${l.document.id}`))
        .map(({ projectId, document, sentiment }) => ({
          count: 1 as const,
          project_id: projectId,
          document_id: document.id,
          published_at: document.published_at,
          channel: document.channel,
          sentiment,
          is_noise: document.noise_score >= NOISE_THRESHOLD,
          mention_type: document.mention_type,
          source_name: document.source_name,
          likes: Number(document.likes),
          shares: Number(document.shares),
          comments: Number(document.comments),
          views: Number(document.views),
          author_ref: document.author_ref,
        })),
      1,
    );
    created += inserted.length;
  }
  return created;
}

/** A mention's search terms as one array literal: digits need no quoting, where node-postgres would escape every element. */
const searchTermsOf = (projectId: number, document: DocumentForLink) =>
  sql<string[]>`${`{${mentionSearchTerms(projectId, document.published_at, document.search_text).join(",")}}`}::bigint[]`;

/** The links whose project has no mention yet of the same item (same dedup key, any scope), one per item and project. */
async function withoutSecondCopies(trx: Transaction<Database>, links: LinkRequest[]): Promise<LinkRequest[]> {
  const had = await trx
    .selectFrom("documents")
    .innerJoin("mentions", "mentions.document_id", "documents.id")
    .select(["mentions.project_id", "documents.dedup_key"])
    .where("documents.dedup_key", "in", [...new Set(links.map((l) => l.document.dedup_key))])
    .where("mentions.project_id", "in", [...new Set(links.map((l) => l.projectId))])
    .execute();
  const linked = new Set(had.map((r) => `${r.project_id}|${r.dedup_key}`));
  return links.filter((link) => {
    const key = `${link.projectId}|${link.document.dedup_key}`;
    if (linked.has(key)) return false;
    linked.add(key);
    return true;
  });
}
