import type { Kysely } from "kysely";
import type { SentimentLabel } from "../../nlp/sentiment/classify.ts";
import type { Database } from "../../db/schema.ts";
import { documentContext, type ReadingContext } from "../../nlp/sentiment/reading-context.ts";
import { normalizeForMatch } from "../../../shared/vietnamese.ts";

/** `context`: the corrected document's channel, kind and stars, so the text is read as its mentions are. */
export type Correction = { id: number; text: string; label: SentimentLabel; context?: ReadingContext };

/**
 * The account's own standing corrections (not revoked), oldest first; one text counts once, with its newest label,
 * however many mentions carry it: a story corrected in one click is one example, not hundreds of copies outweighing
 * every other correction. Only this account's projects are read: corrections never leave their account.
 */
export async function readCorrections(db: Kysely<Database>, accountId: number): Promise<Correction[]> {
  const rows = await db
    .selectFrom("sentiment_corrections as c")
    .innerJoin("projects as p", "p.id", "c.project_id")
    .select(["c.id", "c.text", "c.label", "c.document_id"])
    .where("p.user_id", "=", accountId)
    .where("c.revoked_at", "is", null)
    .orderBy("c.id")
    .execute();
  const newest = new Map<string, (typeof rows)[number]>();
  for (const r of rows) {
    const key = normalizeForMatch(r.text);
    newest.delete(key);
    newest.set(key, r);
  }
  // The pool is read by id, not joined: it lives on other shards (docs/scale.md).
  const kept = [...newest.values()];
  const documents = kept.length
    ? await db
        .selectFrom("documents")
        .select(["id", "channel", "mention_type", "rating"])
        .where(
          "id",
          "in",
          kept.map((r) => r.document_id),
        )
        .execute()
    : [];
  const contexts = new Map(documents.map((d) => [d.id, documentContext(d)]));
  return kept.map((r) => ({ id: Number(r.id), text: r.text, label: r.label, context: contexts.get(r.document_id) }));
}
