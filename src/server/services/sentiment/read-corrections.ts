import type { Kysely } from "kysely";
import type { SentimentLabel } from "../../nlp/sentiment/classify.ts";
import type { Database } from "../../db/schema.ts";

export type Correction = { id: number; text: string; label: SentimentLabel };

/**
 * The account's own standing corrections (not revoked), oldest first; a mention corrected several times counts once,
 * with its newest label. Only this account's projects are read: corrections never leave their account.
 */
export async function readCorrections(db: Kysely<Database>, accountId: number): Promise<Correction[]> {
  const rows = await db
    .selectFrom("sentiment_corrections as c")
    .innerJoin("projects as p", "p.id", "c.project_id")
    .select(["c.id", "c.project_id", "c.document_id", "c.text", "c.label"])
    .where("p.user_id", "=", accountId)
    .where("c.revoked_at", "is", null)
    .orderBy("c.id")
    .execute();
  const newest = new Map<string, Correction>();
  for (const r of rows) {
    const key = `${r.project_id}|${r.document_id}`;
    newest.delete(key);
    newest.set(key, { id: Number(r.id), text: r.text, label: r.label });
  }
  return [...newest.values()];
}
