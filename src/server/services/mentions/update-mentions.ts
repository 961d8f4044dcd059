import type { Transaction } from "kysely";
import type { MentionsUpdated } from "../../../shared/api-types.ts";
import type { MentionUpdate } from "../../../shared/schemas/mention.ts";
import { MENTION_STATUS, type MentionStatus } from "../../../shared/mention.ts";
import type { Sentiment } from "../../../shared/sentiment.ts";
import type { Database } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import type { Deps } from "../../deps.ts";
import type { AuthUser } from "../auth/index.ts";
import { loadProjectTree, projectIds } from "../projects/index.ts";
import { changeMentions, differences, lockMentions, type LockedMention, type MentionTarget } from "./change-mentions.ts";
import { recordCorrections } from "./record-corrections.ts";
import { editTargets } from "./sentiment-revert.ts";

/**
 * Sets sentiment, processing status, sub brand or service of the caller's mentions, as one undoable edit: every changed
 * value is audited (who, when, from → to); a sentiment change moves the mention between sentiment counters in the same
 * transaction, is kept as a labelled example for the sentiment model, and marks the mention "updated" unless a status
 * is given; choosing again the system's sentiment takes a sentiment edit back (sentiment-revert.ts). The answer holds
 * the asked mentions' sentiment and status as they now are. With `apply_to_story`, every mention of the same stories in the project gets the change too. After a
 * change of one mention's sentiment or status, the answer tells how many other mentions of its story the same change
 * would still change, for the offer to apply it to them.
 */
export async function updateMentions(deps: Deps, user: AuthUser, input: MentionUpdate): Promise<MentionsUpdated> {
  const tree = await loadProjectTree(deps.db, user.id);
  if (!tree || !projectIds(tree).includes(input.project_id)) throw AppError.of(404, "project.not_found");
  await assertInProjectList(deps, "sub_brands", input.project_id, input.sub_brand_id, "sub_brand_id");
  await assertInProjectList(deps, "services", input.project_id, input.service_id, "service_id");
  const { project_id: projectId, ids, apply_to_story: toStory = false, ...values } = input;
  const target: MentionTarget = {
    ...values,
    ...(values.sentiment !== undefined
      ? { sentiment_source: "manual" as const, ...(values.status === undefined ? { status: MENTION_STATUS.updated } : {}) }
      : {}),
  };
  const edit = { project_id: projectId, user_id: user.id, at: deps.now() };
  return deps.db.transaction().execute(async (trx) => {
    const asked = await lockMentions(trx, projectId, { ids });
    if (asked.length === 0) throw AppError.of(404, "mention.not_found");
    const stories = [...new Set(asked.flatMap((m) => (m.story_id === null ? [] : [m.story_id])))];
    const mentions = toStory && stories.length > 0 ? await lockMentions(trx, projectId, { stories }) : asked;
    const storyEdit = { ...edit, story_id: toStory && stories.length === 1 ? stories[0] : null };
    // A change applied to a story is a person's judgement for each copy, never taken back as a revert.
    const targetOf = toStory ? () => target : await editTargets(trx, projectId, asked, values, target);
    const { editId, changed } = await changeMentions(trx, storyEdit, mentions, targetOf);
    const askedIds = new Set(asked.map((m) => m.document_id));
    if (editId !== null) await recordCorrections(trx, editId, edit, changed, (id) => (askedIds.has(id) ? "mention" : "story"));
    const story = !toStory && asked.length === 1 ? await storyOthers(trx, projectId, asked[0], target) : null;
    const after = new Map(changed.map(({ mention, target: set }) => [mention.document_id, { ...mention, ...set }]));
    const states = asked
      .map((m) => after.get(m.document_id) ?? m)
      .map((m) => ({
        id: m.document_id,
        sentiment: m.sentiment as Sentiment,
        sentiment_source: m.sentiment_source,
        status: m.status as MentionStatus,
      }));
    return { updated: changed.length, edit_id: editId, story, mentions: states };
  });
}

/** How many other mentions of the mention's story in the project the same change would still change. */
async function storyOthers(trx: Transaction<Database>, projectId: number, mention: LockedMention, target: MentionTarget) {
  if (mention.story_id === null || (target.sentiment === undefined && target.status === undefined)) return null;
  const mates = await lockMentions(trx, projectId, { stories: [mention.story_id] });
  const others = mates.filter((m) => m.document_id !== mention.document_id && Object.keys(differences(m, target)).length > 0).length;
  return others > 0 ? { id: mention.story_id, others } : null;
}

async function assertInProjectList(
  deps: Deps,
  table: "sub_brands" | "services",
  projectId: number,
  id: number | null | undefined,
  field: string,
) {
  if (id === undefined || id === null) return;
  const found = await deps.db.selectFrom(table).select("id").where("id", "=", id).where("project_id", "=", projectId).executeTakeFirst();
  if (!found) throw AppError.of(422, "mention.list_item_not_found", undefined, field);
}
