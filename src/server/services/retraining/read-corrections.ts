import type { Kysely } from "kysely";
import type { SentimentLabel } from "../../nlp/sentiment/classify.ts";
import type { Database } from "../../db/schema.ts";
import { normalizeForMatch } from "../../../shared/vietnamese.ts";

export type Correction = { id: number; text: string; label: SentimentLabel };

/**
 * The account's own standing corrections (not revoked), oldest first; one text counts once, with its newest label,
 * however many mentions carry it: a story corrected in one click is one example, not hundreds of copies outweighing
 * every other correction. Only this account's projects are read: corrections never leave their account.
 */
export async function readCorrections(db: Kysely<Database>, accountId: number): Promise<Correction[]> {
  const rows = await db
    .selectFrom("sentiment_corrections as c")
    .innerJoin("projects as p", "p.id", "c.project_id")
    .select(["c.id", "c.text", "c.label"])
    .where("p.user_id", "=", accountId)
    .where("c.revoked_at", "is", null)
    .orderBy("c.id")
    .execute();
  const newest = new Map<string, Correction>();
  for (const r of rows) {
    const key = normalizeForMatch(r.text);
    newest.delete(key);
    newest.set(key, { id: Number(r.id), text: r.text, label: r.label });
  }
  return [...newest.values()];
}
