import { sql, type Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";
import { recordProjectChanges } from "../figure-cache/index.ts";
import { applyRollups, type RollupContribution } from "../tallies/index.ts";

/** The values of a mention a user can change, and what an edit audits. */
const EDITABLE = ["sentiment", "sentiment_source", "status", "sub_brand_id", "service_id"] as const;
export type EditableField = (typeof EDITABLE)[number];
export type MentionTarget = Partial<{
  sentiment: 0 | 1 | 2;
  sentiment_source: "model" | "manual";
  status: number;
  sub_brand_id: number | null;
  service_id: number | null;
}>;

/** The project's mentions named by document ids or by stories, locked for the edit, with what counters and corrections need. */
export function lockMentions(trx: Transaction<Database>, projectId: number, by: { ids: number[] } | { stories: number[] }) {
  const query = trx
    .selectFrom("mentions as m")
    .innerJoin("documents as d", "d.id", "m.document_id")
    .select([
      "m.document_id",
      "m.published_at",
      "m.channel",
      "m.sentiment",
      "m.sentiment_source",
      "m.sentiment_model",
      "m.status",
      "m.sub_brand_id",
      "m.service_id",
      "m.is_noise",
      "m.mention_type",
      "d.source_name",
      "d.likes",
      "d.shares",
      "d.comments",
      "d.views",
      "d.story_id",
      "d.title",
      "d.content",
      "d.rating",
      "d.sentiment as document_sentiment",
      sql<0 | 1 | 2>`coalesce(m.model_sentiment, d.sentiment)`.as("model_sentiment"),
    ])
    .where("m.project_id", "=", projectId);
  const named = "ids" in by ? query.where("m.document_id", "in", by.ids) : query.where("d.story_id", "in", by.stories);
  // One lock order for every editor of the project.
  return named.orderBy("m.document_id").forUpdate().execute();
}
export type LockedMention = Awaited<ReturnType<typeof lockMentions>>[number];

export type Edit = { project_id: number; user_id: number; at: Date; story_id?: number | null; undoes_edit_id?: number | null };
export type ChangedMention = { mention: LockedMention; target: MentionTarget };

/** Moves locked mentions of a project from their sentiment to a new one in the counters (the mentions are the caller's). */
export async function moveSentiments(
  trx: Transaction<Database>,
  projectId: number,
  moves: { mention: LockedMention; sentiment: number }[],
): Promise<void> {
  const contribution = (m: LockedMention, sentiment: number): RollupContribution => ({
    count: 1,
    project_id: projectId,
    document_id: m.document_id,
    published_at: m.published_at,
    channel: m.channel,
    sentiment,
    is_noise: m.is_noise,
    mention_type: m.mention_type,
    source_name: m.source_name,
    likes: Number(m.likes),
    shares: Number(m.shares),
    comments: Number(m.comments),
    views: Number(m.views),
  });
  await applyRollups(
    trx,
    moves.map(({ mention }) => contribution(mention, mention.sentiment)),
    -1,
  );
  await applyRollups(
    trx,
    moves.map(({ mention, sentiment }) => contribution(mention, sentiment)),
    1,
  );
}

/** How the audit stores a value. */
export const auditValue = (value: string | number | null | undefined) => (value === null || value === undefined ? null : String(value));

/** The wanted values that differ from the mention's. */
export function differences(mention: LockedMention, wanted: MentionTarget): MentionTarget {
  return Object.fromEntries(EDITABLE.filter((f) => wanted[f] !== undefined && wanted[f] !== mention[f]).map((f) => [f, wanted[f]]));
}

/**
 * Gives each mention its target values as one edit, in the caller's transaction: the mentions, their sentiment counters
 * and an audit row per changed value (from → to, under the edit's id). Returns the edit's id (null when nothing
 * changed) and the mentions that changed, as they were.
 */
export async function changeMentions(
  trx: Transaction<Database>,
  edit: Edit,
  mentions: LockedMention[],
  targetOf: (mention: LockedMention) => MentionTarget,
) {
  const changed: ChangedMention[] = [];
  for (const mention of mentions) {
    const target = differences(mention, targetOf(mention));
    if (Object.keys(target).length > 0) changed.push({ mention, target });
  }
  if (changed.length === 0) return { editId: null, changed };

  const { id: editId } = await trx.insertInto("mention_edits").values(edit).returning("id").executeTakeFirstOrThrow();
  const groups = new Map<string, { target: MentionTarget; ids: number[] }>();
  for (const { mention, target } of changed) {
    const key = JSON.stringify(target);
    if (groups.has(key)) groups.get(key)!.ids.push(mention.document_id);
    else groups.set(key, { target, ids: [mention.document_id] });
  }
  for (const { target, ids } of groups.values()) {
    await trx
      .updateTable("mentions")
      .set({ ...target, updated_at: edit.at })
      .where("project_id", "=", edit.project_id)
      .where("document_id", "in", ids)
      .execute();
  }

  await recordProjectChanges(trx, [edit.project_id]);
  const moved = changed.filter(({ mention, target }) => target.sentiment !== undefined && target.sentiment !== mention.sentiment);
  await moveSentiments(
    trx,
    edit.project_id,
    moved.map(({ mention, target }) => ({ mention, sentiment: target.sentiment! })),
  );

  const audits = changed.flatMap(({ mention, target }) =>
    EDITABLE.filter((field) => field in target).map((field) => ({
      project_id: edit.project_id,
      document_id: mention.document_id,
      user_id: edit.user_id,
      field,
      old_value: auditValue(mention[field]),
      new_value: auditValue(target[field]),
      at: edit.at,
      edit_id: editId,
    })),
  );
  for (let i = 0; i < audits.length; i += 1000)
    await trx
      .insertInto("mention_audit")
      .values(audits.slice(i, i + 1000))
      .execute();
  return { editId, changed };
}
