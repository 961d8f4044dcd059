import type { MentionUpdate } from "../../../shared/schemas/mention.ts";
import { MENTION_STATUS } from "../../../shared/mention.ts";
import { AppError } from "../../errors.ts";
import type { Deps } from "../../deps.ts";
import type { AuthUser } from "../auth/auth-user.ts";
import { applyRollups, type RollupContribution } from "../ingest/rollups.ts";
import { loadProjectTree, projectIds } from "../projects/project-tree.ts";

const FIELDS = ["sentiment", "status", "sub_brand_id", "service_id"] as const;

/**
 * Sets sentiment, processing status, sub brand or service of the caller's mentions. Every changed value is audited
 * (who, when, from → to); a sentiment change moves the mention between sentiment counters in the same transaction and
 * marks it "updated" unless a status is given.
 */
export async function updateMentions(deps: Deps, user: AuthUser, input: MentionUpdate): Promise<{ updated: number }> {
  const tree = await loadProjectTree(deps.db, user.id);
  if (!tree || !projectIds(tree).includes(input.project_id)) throw AppError.of(404, "project.not_found");
  await assertInProjectList(deps, "sub_brands", input.project_id, input.sub_brand_id, "sub_brand_id");
  await assertInProjectList(deps, "services", input.project_id, input.service_id, "service_id");
  const now = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom("mentions as m")
      .innerJoin("documents as d", "d.id", "m.document_id")
      .select(["m.document_id", "m.published_at", "m.channel", "m.sentiment", "m.status", "m.sub_brand_id", "m.service_id", "m.is_noise", "m.mention_type", "d.source_name", "d.likes", "d.shares", "d.comments", "d.views"])
      .where("m.project_id", "=", input.project_id)
      .where("m.document_id", "in", input.ids)
      .forUpdate()
      .execute();
    if (current.length === 0) throw AppError.of(404, "mention.not_found");

    const next = { ...input, ...(input.sentiment !== undefined && input.status === undefined ? { status: MENTION_STATUS.updated } : {}) };
    const audits = [];
    const moved: RollupContribution[] = [];
    for (const row of current) {
      for (const field of FIELDS) {
        if (next[field] === undefined || next[field] === row[field]) continue;
        audits.push({ project_id: input.project_id, document_id: row.document_id, user_id: user.id, field, old_value: stringOrNull(row[field]), new_value: stringOrNull(next[field]), at: now });
      }
      if (next.sentiment !== undefined && next.sentiment !== row.sentiment) {
        const base = { count: 1 as const, project_id: input.project_id, published_at: row.published_at, channel: row.channel, is_noise: row.is_noise, mention_type: row.mention_type, source_name: row.source_name, likes: Number(row.likes), shares: Number(row.shares), comments: Number(row.comments), views: Number(row.views) };
        moved.push({ ...base, sentiment: row.sentiment }, { ...base, sentiment: -1 - next.sentiment });
      }
    }
    if (audits.length === 0) return { updated: 0 };

    await trx
      .updateTable("mentions")
      .set({
        ...(next.sentiment !== undefined ? { sentiment: next.sentiment, sentiment_source: "manual" as const } : {}),
        ...(next.status !== undefined ? { status: next.status } : {}),
        ...(next.sub_brand_id !== undefined ? { sub_brand_id: next.sub_brand_id } : {}),
        ...(next.service_id !== undefined ? { service_id: next.service_id } : {}),
        updated_at: now,
      })
      .where("project_id", "=", input.project_id)
      .where("document_id", "in", current.map((r) => r.document_id))
      .execute();
    await applyRollups(trx, moved.filter((m) => m.sentiment >= 0), -1);
    await applyRollups(trx, moved.filter((m) => m.sentiment < 0).map((m) => ({ ...m, sentiment: -1 - m.sentiment })), 1);
    await trx.insertInto("mention_audit").values(audits).execute();
    return { updated: new Set(audits.map((a) => a.document_id)).size };
  });
}

const stringOrNull = (value: number | null | undefined) => (value === null || value === undefined ? null : String(value));

async function assertInProjectList(deps: Deps, table: "sub_brands" | "services", projectId: number, id: number | null | undefined, field: string) {
  if (id === undefined || id === null) return;
  const found = await deps.db.selectFrom(table).select("id").where("id", "=", id).where("project_id", "=", projectId).executeTakeFirst();
  if (!found) throw AppError.of(422, "mention.list_item_not_found", undefined, field);
}
