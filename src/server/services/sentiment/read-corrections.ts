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
    .leftJoin("documents as d", "d.id", "c.document_id")
    .select(["c.id", "c.text", "c.label", "d.channel", "d.mention_type", "d.rating"])
    .where("p.user_id", "=", accountId)
    .where("c.revoked_at", "is", null)
    .orderBy("c.id")
    .execute();
  const newest = new Map<string, Correction>();
  for (const r of rows) {
    const key = normalizeForMatch(r.text);
    newest.delete(key);
    const context =
      r.channel === null || r.mention_type === null
        ? undefined
        : documentContext({ ...r, channel: r.channel, mention_type: r.mention_type });
    newest.set(key, { id: Number(r.id), text: r.text, label: r.label, context });
  }
  return [...newest.values()];
}
