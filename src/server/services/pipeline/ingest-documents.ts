import type { Insertable, Kysely } from "kysely";
import { keywordKey } from "../../../shared/vietnamese.ts";
import type { CollectedDocument } from "../../collectors/types.ts";
import type { Database, DocumentsTable } from "../../db/schema.ts";
import type { Matcher } from "../../nlp/match.ts";
import { createRepeatDetector } from "../../nlp/repeat-detector.ts";
import { linkMentions, type LinkRequest } from "./link-mentions.ts";
import { prepareDocument } from "./prepare-document.ts";
import { applyRollups, type RollupContribution } from "./rollups.ts";
import type { ClassifySentiment } from "./sentiment-port.ts";

export type IngestDeps = { db: Kysely<Database>; classify: ClassifySentiment; matcher: () => Promise<Matcher>; now: () => Date };
export type IngestResult = { inserted: number; updated: number; mentions: number };

const repeats = createRepeatDetector();

/**
 * The pipeline for one batch: prepare (NFC, sentiment, noise, province) → dedup → match every project at once →
 * one transaction for documents, mentions and rollups. Collecting a document again updates its counters (and the
 * rollups of its mentions) instead of duplicating it, so a batch can be retried after a crash.
 */
export async function ingestDocuments(deps: IngestDeps, batch: CollectedDocument[], options: { isDemo?: boolean } = {}): Promise<IngestResult> {
  const now = deps.now();
  const prepared = new Map<string, Insertable<DocumentsTable>>();
  for (const doc of batch) {
    const row = prepareDocument(doc, deps.classify, { now, repeatCount: repeats.seen(doc.content), isDemo: options.isDemo });
    prepared.set(row.dedup_key, row);
  }
  if (prepared.size === 0) return { inserted: 0, updated: 0, mentions: 0 };
  const matcher = await deps.matcher();

  return deps.db.transaction().execute(async (trx) => {
    const keys = [...prepared.keys()];
    const existing = await trx
      .selectFrom("documents")
      .select(["id", "dedup_key", "likes", "shares", "comments", "views"])
      .where("dedup_key", "in", keys)
      .forUpdate()
      .execute();
    const known = new Map(existing.map((row) => [row.dedup_key, row]));

    const fresh = [...prepared.values()].filter((row) => !known.has(row.dedup_key));
    const inserted = [];
    for (let i = 0; i < fresh.length; i += 500) {
      inserted.push(
        ...(await trx
          .insertInto("documents")
          .values(fresh.slice(i, i + 500))
          .returning(["id", "title", "content", "published_at", "channel", "mention_type", "sentiment", "noise_score", "likes", "shares", "comments", "views"])
          .execute()),
      );
    }

    let updated = 0;
    for (const old of existing) {
      const next = prepared.get(old.dedup_key)!;
      const delta = { likes: Number(next.likes) - old.likes, shares: Number(next.shares) - old.shares, comments: Number(next.comments) - old.comments, views: Number(next.views) - old.views };
      if (Object.values(delta).every((d) => d === 0)) continue;
      await trx
        .updateTable("documents")
        .set({ likes: next.likes, shares: next.shares, comments: next.comments, views: next.views, updated_at: now })
        .where("id", "=", old.id)
        .execute();
      const mentions = await trx.selectFrom("mentions").select(["project_id", "published_at", "channel", "sentiment", "is_noise", "mention_type"]).where("document_id", "=", old.id).execute();
      const contributions: RollupContribution[] = mentions.map((m) => ({ ...m, ...delta, count: 0 }));
      await applyRollups(trx, contributions, 1);
      updated += 1;
    }

    const links: LinkRequest[] = [];
    for (const document of inserted) {
      const byProject = new Map<number, Set<string>>();
      for (const match of matcher.match(`${document.title ?? ""}\n${document.content}`)) {
        const set = byProject.get(Number(match.projectId)) ?? new Set<string>();
        set.add(keywordKey(match.keyword));
        byProject.set(Number(match.projectId), set);
      }
      for (const [projectId, keywords] of byProject) links.push({ projectId, document, matchedKeywords: [...keywords] });
    }
    const mentions = await linkMentions(trx, links, now);
    return { inserted: inserted.length, updated, mentions };
  });
}
