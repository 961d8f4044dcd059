import type { Transaction } from "kysely";
import { MENTION_STATUS } from "../../../shared/mention.ts";
import type { MentionUpdate } from "../../../shared/schemas/mention.ts";
import type { Database } from "../../db/schema.ts";
import type { LockedMention, MentionTarget } from "./change-mentions.ts";

/**
 * The values an edit of single mentions gives each of them. Choosing again the sentiment the system read, for a mention
 * whose sentiment was changed, takes the sentiment edit back rather than adding one: the mention is the system's
 * reading again, and returns to the status it had before a sentiment edit marked it "updated" (a status someone set
 * since then stays). Choosing the system's reading of an untouched mention still confirms it. The audit keeps every step.
 */
export async function editTargets(
  trx: Transaction<Database>,
  projectId: number,
  mentions: LockedMention[],
  input: Pick<MentionUpdate, "sentiment" | "status">,
  target: MentionTarget,
) {
  if (input.sentiment === undefined || input.status !== undefined) return () => target;
  const reverted = new Set(
    mentions.filter((m) => m.sentiment_source === "manual" && m.model_sentiment === input.sentiment).map((m) => m.document_id),
  );
  const marked = mentions.filter((m) => reverted.has(m.document_id) && m.status === MENTION_STATUS.updated).map((m) => m.document_id);
  const before = await statusesBeforeUpdated(trx, projectId, marked);
  return (mention: LockedMention): MentionTarget =>
    reverted.has(mention.document_id)
      ? { ...target, sentiment_source: "model", status: before.get(mention.document_id) ?? mention.status }
      : target;
}

/** Each mention's status before its latest change to "updated", from the audit. */
async function statusesBeforeUpdated(trx: Transaction<Database>, projectId: number, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await trx
    .selectFrom("mention_audit")
    .distinctOn("document_id")
    .select(["document_id", "old_value", "new_value"])
    .where("project_id", "=", projectId)
    .where("document_id", "in", ids)
    .where("field", "=", "status")
    .orderBy("document_id")
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .execute();
  return new Map(
    rows
      .filter((r) => r.new_value === String(MENTION_STATUS.updated) && r.old_value !== null)
      .map((r) => [Number(r.document_id), Number(r.old_value)]),
  );
}
