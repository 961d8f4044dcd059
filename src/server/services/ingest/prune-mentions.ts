import { type RawBuilder, sql, type Transaction } from "kysely";
import { keywordKey } from "../../../shared/vietnamese.ts";
import type { Database } from "../../db/schema.ts";
import { buildMatcher } from "../../nlp/match.ts";
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
 * After the project's rules change: the mentions found only by keywords (or query terms) it no longer has leave it at
 * once, counters with them; where it has exclusions or a query, its history is read again in the background
 * (rematchRules). A mention from the project's own channel (a connected page) was found by no keyword and stays whatever
 * the rules.
 */
export async function pruneMentions(trx: Transaction<Database>, project: StoredRules, now: Date): Promise<void> {
  const keys = matchedTerms(project).map(keywordKey);
  await removeMentions(trx, project.id, sql<boolean>`not (mentions.matched_keywords && ${sql.val(keys)}::text[])`);
  const { total } =
    project.query || project.exclude_keywords.length > 0
      ? await trx
          .selectFrom("mentions")
          .select((eb) => eb.fn.countAll<string>().as("total"))
          .where("project_id", "=", project.id)
          .where(sql<boolean>`cardinality(matched_keywords) > 0`)
          .executeTakeFirstOrThrow()
      : { total: "0" };
  // Nothing to read again: no exclusions or query, or no mention found by keywords.
  if (Number(total) === 0) {
    await trx.deleteFrom("rule_rematches").where("project_id", "=", project.id).execute();
    return;
  }
  const fresh = { cursor_document_id: 0, total: Number(total), done: 0, requested_at: now };
  await trx
    .insertInto("rule_rematches")
    .values({ project_id: project.id, ...fresh })
    .onConflict((oc) => oc.column("project_id").doUpdateSet(fresh))
    .execute();
}

/**
 * One batch of a brand's history read again under its rules, in document order from the cursor: the keyword mentions
 * whose document the rules no longer take leave it, counters with them. Whether the history is done.
 */
export async function rematchBatch(trx: Transaction<Database>, project: StoredRules, cursor: number, size: number) {
  const batch = await trx
    .selectFrom("mentions")
    .innerJoin("documents", "documents.id", "mentions.document_id")
    .select(["mentions.document_id", "documents.title", "documents.content", "documents.channel", "documents.platform"])
    .where("mentions.project_id", "=", project.id)
    .where("mentions.document_id", ">", cursor)
    .where(sql<boolean>`cardinality(mentions.matched_keywords) > 0`)
    .orderBy("mentions.document_id")
    .limit(size)
    .execute();
  const matcher = buildMatcher([keywordSet(project)]);
  const out = batch.filter((d) => matchDocument(matcher, d).matched.size === 0).map((d) => d.document_id);
  if (out.length > 0) await removeMentions(trx, project.id, sql<boolean>`mentions.document_id in (${sql.join(out)})`);
  return { read: batch.length, cursor: batch.at(-1)?.document_id ?? cursor, finished: batch.length < size };
}
