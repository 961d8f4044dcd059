import { type RawBuilder, sql, type Transaction } from "kysely";
import { keywordKey, searchKey } from "../../../shared/vietnamese.ts";
import type { Database } from "../../db/schema.ts";
import { buildMatcher } from "../../nlp/match.ts";
import { applyRollups } from "../tallies/index.ts";
import { documentText } from "./prepare-document.ts";

/** Takes the project's keyword mentions the condition picks out of it, its counters with them. */
async function removeMentions(trx: Transaction<Database>, projectId: number, picked: RawBuilder<boolean>) {
  const removed = await trx
    .deleteFrom("mentions")
    .using("documents")
    .whereRef("documents.id", "=", "mentions.document_id")
    .where("mentions.project_id", "=", projectId)
    .where(sql<boolean>`cardinality(mentions.matched_keywords) > 0`)
    .where(picked)
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

type Rules = { id: number; keywords: string[]; exclude_keywords: string[] };

/**
 * After the project's rules change, the mentions its keywords found that they no longer hold: those found only by
 * keywords it no longer has, and those whose document holds one of its excluded phrases. A mention from the project's
 * own channel (a connected page) was found by no keyword and stays whatever the rules.
 */
export async function pruneMentions(trx: Transaction<Database>, project: Rules): Promise<void> {
  const keys = project.keywords.map(keywordKey);
  await removeMentions(trx, project.id, sql<boolean>`not (mentions.matched_keywords && ${sql.val(keys)}::text[])`);
  if (project.exclude_keywords.length === 0) return;
  const excluded = await excludedDocuments(trx, project);
  if (excluded.length > 0) await removeMentions(trx, project.id, sql<boolean>`mentions.document_id in (${sql.join(excluded)})`);
}

/** The project's keyword mentions whose document holds an excluded phrase, as the ingest's matcher reads it. */
async function excludedDocuments(trx: Transaction<Database>, project: Rules): Promise<number[]> {
  // The search text has no hashtag splitting: a phrase is looked for with and without its spaces, the matcher decides.
  const patterns = project.exclude_keywords.flatMap((phrase) => {
    const key = searchKey(phrase).replace(/[\\%_]/g, "\\$&");
    return [`%${key}%`, `%${key.replace(/ /g, "")}%`];
  });
  const candidates = await trx
    .selectFrom("mentions")
    .innerJoin("documents", "documents.id", "mentions.document_id")
    .select(["mentions.document_id", "documents.title", "documents.content"])
    .where("mentions.project_id", "=", project.id)
    .where(sql<boolean>`cardinality(mentions.matched_keywords) > 0`)
    .where((eb) => eb.or([...new Set(patterns)].map((pattern) => eb("documents.search_text", "like", pattern))))
    .execute();
  const matcher = buildMatcher([{ projectId: String(project.id), keywords: project.keywords, excluded: project.exclude_keywords }]);
  return candidates.filter((c) => matcher.match(documentText(c.title, c.content)).length === 0).map((c) => c.document_id);
}
