import type { Transaction } from "kysely";
import { NOISE_THRESHOLD } from "../../nlp/noise.ts";
import type { Selectable } from "kysely";
import type { Database, DocumentsTable } from "../../db/schema.ts";
import { applyRollups } from "./rollups.ts";

export type DocumentForLink = Pick<
  Selectable<DocumentsTable>,
  "id" | "published_at" | "channel" | "mention_type" | "sentiment" | "noise_score" | "source_name" | "likes" | "shares" | "comments" | "views"
>;
export type LinkRequest = { projectId: number; document: DocumentForLink; matchedKeywords: string[] };

/** Creates the mentions that do not exist yet and counts exactly those in the rollups, in the caller's transaction. */
export async function linkMentions(trx: Transaction<Database>, links: LinkRequest[], now: Date): Promise<number> {
  if (links.length === 0) return 0;
  let created = 0;
  for (let i = 0; i < links.length; i += 1000) {
    const chunk = links.slice(i, i + 1000);
    const inserted = await trx
      .insertInto("mentions")
      .values(
        chunk.map(({ projectId, document, matchedKeywords }) => ({
          project_id: projectId,
          document_id: document.id,
          published_at: document.published_at,
          channel: document.channel,
          mention_type: document.mention_type,
          sentiment: document.sentiment,
          is_noise: document.noise_score >= NOISE_THRESHOLD,
          interactions: Number(document.likes) + Number(document.shares) + Number(document.comments),
          matched_keywords: matchedKeywords,
          created_at: now,
          updated_at: now,
        })),
      )
      .onConflict((oc) => oc.columns(["project_id", "document_id"]).doNothing())
      .returning(["project_id", "document_id"])
      .execute();
    const fresh = new Set(inserted.map((r) => `${r.project_id}:${r.document_id}`));
    await applyRollups(
      trx,
      chunk
        .filter((l) => fresh.has(`${l.projectId}:${l.document.id}`))
        .map(({ projectId, document }) => ({
          count: 1 as const,
          project_id: projectId,
          published_at: document.published_at,
          channel: document.channel,
          sentiment: document.sentiment,
          is_noise: document.noise_score >= NOISE_THRESHOLD,
          mention_type: document.mention_type,
          source_name: document.source_name,
          likes: Number(document.likes),
          shares: Number(document.shares),
          comments: Number(document.comments),
          views: Number(document.views),
        })),
      1,
    );
    created += inserted.length;
  }
  return created;
}
