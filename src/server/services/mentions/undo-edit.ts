import type { MentionsRestored } from "../../../shared/api-types.ts";
import type { MentionUndo } from "../../../shared/schemas/mention.ts";
import { AppError } from "../../errors.ts";
import type { Deps } from "../../deps.ts";
import type { AuthUser } from "../auth/index.ts";
import { loadProjectTree, projectIds } from "../projects/index.ts";
import { auditValue, changeMentions, lockMentions, type EditableField, type LockedMention, type MentionTarget } from "./change-mentions.ts";

const parse = (field: EditableField, value: string | null) => (value === null || field === "sentiment_source" ? value : Number(value));

/**
 * Undoes an edit of the caller's project once: each value it changed goes back to what it was, unless the mention has
 * been changed again since (the later change stays). The undo is an edit of its own (audited, counters moved), and the
 * edit's sentiment corrections are revoked, so the model is never trained on them.
 */
export async function undoEdit(deps: Deps, user: AuthUser, input: MentionUndo): Promise<MentionsRestored> {
  const tree = await loadProjectTree(deps.db, user.id);
  if (!tree || !projectIds(tree).includes(input.project_id)) throw AppError.of(404, "project.not_found");
  const now = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    const edit = await trx
      .selectFrom("mention_edits")
      .selectAll()
      .where("id", "=", input.edit_id)
      .where("project_id", "=", input.project_id)
      .forUpdate()
      .executeTakeFirst();
    if (!edit) throw AppError.of(404, "mention.edit_not_found");
    if (edit.undone_at) throw AppError.of(409, "mention.edit_already_undone");
    const audits = await trx
      .selectFrom("mention_audit")
      .select(["document_id", "field", "old_value", "new_value"])
      .where("project_id", "=", input.project_id)
      .where("edit_id", "=", edit.id)
      .execute();
    const byMention = Map.groupBy(audits, (a) => Number(a.document_id));
    const mentions = byMention.size ? await lockMentions(trx, input.project_id, { ids: [...byMention.keys()] }) : [];
    const restore = (mention: LockedMention): MentionTarget => {
      const target: Record<string, unknown> = {};
      for (const audit of byMention.get(mention.document_id) ?? []) {
        if (auditValue(mention[audit.field]) === audit.new_value) target[audit.field] = parse(audit.field, audit.old_value);
      }
      return target as MentionTarget;
    };
    const undo = { project_id: input.project_id, user_id: user.id, at: now, story_id: edit.story_id, undoes_edit_id: edit.id };
    const { editId, changed } = await changeMentions(trx, undo, mentions, restore);
    await trx
      .updateTable("mention_edits")
      .set({ undone_at: now })
      .where("project_id", "=", input.project_id)
      .where("id", "=", edit.id)
      .execute();
    await trx
      .updateTable("sentiment_corrections")
      .set({ revoked_at: now })
      .where("edit_id", "=", edit.id)
      .where("revoked_at", "is", null)
      .execute();
    return { restored: changed.length, edit_id: editId };
  });
}
