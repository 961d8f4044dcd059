import { sql, type Insertable, type Transaction } from "kysely";
import type { Database, DocumentsTable } from "../../db/schema.ts";
import { unnestRows } from "../../db/array-param.ts";

/** The columns of a new document, as the pipeline prepares it. */
const DOCUMENT_COLUMNS = {
  account_id: "bigint",
  dedup_key: "text",
  channel: "smallint",
  platform: "text",
  external_id: "text",
  url: "text",
  mention_type: "smallint",
  parent_external_id: "text",
  title: "text",
  content: "text",
  search_text: "text",
  published_at: "timestamptz",
  collected_at: "timestamptz",
  updated_at: "timestamptz",
  source_id: "text",
  source_name: "text",
  source_url: "text",
  author_id: "text",
  author_name: "text",
  author_url: "text",
  author_followers: "integer",
  author_age_range: "text",
  author_job: "text",
  author_province: "text",
  author_ref: "bigint",
  likes: "bigint",
  shares: "bigint",
  comments: "bigint",
  views: "bigint",
  rating: "smallint",
  ecommerce_source: "smallint",
  hashtags: "text[]",
  sentiment: "smallint",
  sentiment_scores: "real[]",
  noise_score: "real",
  noise_reasons: "text[]",
  is_demo: "boolean",
  story_id: "bigint",
} as const satisfies { [K in keyof DocumentsTable]?: string };

/** New documents, one array per column; one a concurrent batch stored meanwhile stays that batch's, linked by it. */
export async function insertDocuments(trx: Transaction<Database>, rows: Insertable<DocumentsTable>[]) {
  const { columns, values, source } = unnestRows(rows, DOCUMENT_COLUMNS);
  const inserted = await sql<{ id: number; dedup_key: string }>`
    insert into documents (${columns}) select ${values} from ${source}
    on conflict (dedup_key, coalesce(account_id, 0)) do nothing
    returning id, dedup_key`.execute(trx);
  return inserted.rows;
}
