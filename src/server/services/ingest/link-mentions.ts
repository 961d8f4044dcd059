import { sql, type Selectable, type Transaction } from "kysely";
import { NOISE_THRESHOLD } from "../../nlp/noise.ts";
import type { Database, DocumentsTable, MentionsTable } from "../../db/schema.ts";
import { applyRollups } from "../tallies/index.ts";
import { mentionSearchTerms } from "./search-terms.ts";
import { arrayParam, unnestRows } from "../../db/array-param.ts";

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
  /** The mention's search terms (searchTermsLiteral) when computed ahead: the ingest does, while the batch before is written. */
  searchTerms?: string;
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
    const inserted = await insertMentions(trx, chunk, now);
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

/** A mention's search terms as the text of their array literal (digits only, nothing to quote). */
export const searchTermsLiteral = (projectId: number, publishedAt: Date, searchText: string) =>
  `{${mentionSearchTerms(projectId, publishedAt, searchText).join(",")}}`;

/** The columns of a new mention, as linkMentions writes them. */
const MENTION_COLUMNS = {
  project_id: "bigint",
  document_id: "bigint",
  published_at: "timestamptz",
  channel: "smallint",
  mention_type: "smallint",
  sentiment: "smallint",
  model_sentiment: "smallint",
  sentiment_model: "text",
  is_noise: "boolean",
  interactions: "bigint",
  likes: "bigint",
  shares: "bigint",
  comments: "bigint",
  views: "bigint",
  matched_keywords: "text[]",
  search_terms: "bigint[]",
  created_at: "timestamptz",
  updated_at: "timestamptz",
} as const satisfies { [K in keyof MentionsTable]?: string };

/** The chunk's mentions; the ones that already exist are skipped. */
async function insertMentions(trx: Transaction<Database>, chunk: LinkRequest[], now: Date) {
  const rows = chunk.map(({ projectId, document, matchedKeywords, sentiment, sentimentModel, searchTerms }) => ({
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
    search_terms: searchTerms ?? searchTermsLiteral(projectId, document.published_at, document.search_text),
    created_at: now,
    updated_at: now,
  }));
  const { columns, values, source } = unnestRows(rows, MENTION_COLUMNS);
  // published_at is part of the key only because the table is partitioned by it (migration 0024).
  const inserted = await sql<{ project_id: number; document_id: number }>`
    insert into mentions (${columns}) select ${values} from ${source}
    on conflict (project_id, document_id, published_at) do nothing
    returning project_id, document_id`.execute(trx);
  return inserted.rows;
}

/** The links whose project has no mention yet of the same item (same dedup key, any scope), one per item and project. */
async function withoutSecondCopies(trx: Transaction<Database>, links: LinkRequest[]): Promise<LinkRequest[]> {
  const had = await trx
    .selectFrom("documents")
    .innerJoin("mentions", "mentions.document_id", "documents.id")
    .select(["mentions.project_id", "documents.dedup_key"])
    .where("documents.dedup_key", "=", sql<string>`any(${arrayParam([...new Set(links.map((l) => l.document.dedup_key))])}::text[])`)
    .where("mentions.project_id", "=", sql<number>`any(${arrayParam([...new Set(links.map((l) => l.projectId))])}::bigint[])`)
    .execute();
  const linked = new Set(had.map((r) => `${r.project_id}|${r.dedup_key}`));
  return links.filter((link) => {
    const key = `${link.projectId}|${link.document.dedup_key}`;
    if (linked.has(key)) return false;
    linked.add(key);
    return true;
  });
}
