import { type RawBuilder, sql, type Transaction } from "kysely";
import { keywordKey, searchKey } from "../../../shared/vietnamese.ts";
import type { Database } from "../../db/schema.ts";
import { buildMatcher, type KeywordSet } from "../../nlp/match.ts";
import { applyRollups } from "../tallies/index.ts";
import { keywordSet, matchedTerms, type StoredRules } from "./keyword-set.ts";
import { matchDocument } from "./match-mentions.ts";

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

/**
 * After the project's rules change, the mentions its keywords found that they no longer hold: those found only by
 * keywords (or query terms) it no longer has, those whose document holds one of its excluded phrases, and those its
 * query no longer holds of. A mention from the project's own channel (a connected page) was found by no keyword and
 * stays whatever the rules.
 */
export async function pruneMentions(trx: Transaction<Database>, project: StoredRules): Promise<void> {
  const rules = keywordSet(project);
  const keys = matchedTerms(project).map(keywordKey);
  await removeMentions(trx, project.id, sql<boolean>`not (mentions.matched_keywords && ${sql.val(keys)}::text[])`);
  if (!rules.query && project.exclude_keywords.length === 0) return;
  const out = await documentsOutOfRules(trx, project, rules);
  if (out.length > 0) await removeMentions(trx, project.id, sql<boolean>`mentions.document_id in (${sql.join(out)})`);
}

/** The project's keyword mentions whose document its rules no longer take, as the ingest's matcher reads it. */
async function documentsOutOfRules(trx: Transaction<Database>, project: StoredRules, rules: KeywordSet): Promise<number[]> {
  let candidates = trx
    .selectFrom("mentions")
    .innerJoin("documents", "documents.id", "mentions.document_id")
    .select(["mentions.document_id", "documents.title", "documents.content", "documents.channel", "documents.platform"])
    .where("mentions.project_id", "=", project.id)
    .where(sql<boolean>`cardinality(mentions.matched_keywords) > 0`);
  // Without a query only a document holding an excluded phrase can leave: the search text picks those, with and without
  // the phrase's spaces (it has no hashtag splitting), the matcher decides. A query is read again over every mention.
  if (!rules.query) {
    const patterns = project.exclude_keywords.flatMap((phrase) => {
      const key = searchKey(phrase).replace(/[\\%_]/g, "\\$&");
      return [`%${key}%`, `%${key.replace(/ /g, "")}%`];
    });
    candidates = candidates.where((eb) => eb.or([...new Set(patterns)].map((pattern) => eb("documents.search_text", "like", pattern))));
  }
  const matcher = buildMatcher([rules]);
  return (await candidates.execute()).filter((c) => matchDocument(matcher, c).matched.size === 0).map((c) => c.document_id);
}
