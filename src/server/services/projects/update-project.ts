import type { ProjectInput } from "../../../shared/schemas/project.ts";
import { keywordKey } from "../../../shared/vietnamese.ts";
import { AppError } from "../../errors.ts";
import type { Deps } from "../../deps.ts";
import { recordProjectChanges } from "../figure-cache/index.ts";
import { pruneMentions } from "../ingest/index.ts";
import { findUserById } from "../users/index.ts";
import { assertBrandExists } from "./assert-brand.ts";
import { remainingKeywordUpdates } from "./keyword-allowance.ts";
import { loadProjectTree, projectIds, projectView, type ProjectTree } from "./project-tree.ts";
import { requestBackfill } from "./request-backfill.ts";
import { saveCompetitors } from "./save-competitors.ts";

const keywordSignature = (lists: string[][]) => JSON.stringify(lists.map((list) => list.map(keywordKey).sort()));

/** Each brand's keywords, exclusions and query, in the tree's order; those left out of the input stay as saved. */
function rules(before: ProjectTree, input: ProjectInput | null): string[][] {
  const saved = [before.brand, ...before.competitors];
  if (!input) return saved.flatMap((p) => [p.keywords, p.exclude_keywords, [p.query ?? ""]]);
  const brands = [input, ...(input.competitors ?? [])];
  return brands.flatMap((b, i) => [
    b.keywords,
    b.exclude_keywords ?? saved[i]?.exclude_keywords ?? [],
    [(b.query === undefined ? saved[i]?.query : b.query) ?? ""],
  ]);
}

/** Updates the brand project and its competitors; a change of keywords or exclusions uses one of the month's allowance. */
export async function updateProject(deps: Deps, userId: number, projectId: number, input: ProjectInput) {
  const before = await loadProjectTree(deps.db, userId);
  if (!before || before.brand.id !== projectId) throw AppError.of(404, "project.not_found");
  await assertBrandExists(deps.db, input.brand_id, userId);
  const now = deps.now();
  const changed = keywordSignature(rules(before, null)) !== keywordSignature(rules(before, input));
  if (changed) {
    const user = (await findUserById(deps.db, userId))!;
    if ((await remainingKeywordUpdates(deps.db, user, now)) === 0) throw AppError.of(422, "project.no_updates_left", undefined, "keywords");
  }
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable("projects")
      .set({
        brand_id: input.brand_id,
        name: input.name,
        keywords: input.keywords,
        exclude_keywords: input.exclude_keywords ?? before.brand.exclude_keywords,
        query: input.query === undefined ? before.brand.query : input.query,
        updated_at: now,
      })
      .where("id", "=", projectId)
      .execute();
    await saveCompetitors(trx, before.brand, before.competitors, input.competitors ?? [], now);
    await recordProjectChanges(trx, projectIds(before));
    if (changed) {
      await trx.insertInto("project_keyword_updates").values({ user_id: userId, at: now }).execute();
      const after = await trx
        .selectFrom("projects")
        .select(["id", "keywords", "exclude_keywords", "query"])
        .where("user_id", "=", userId)
        .execute();
      for (const project of after) await pruneMentions(trx, project, now);
    }
  });
  const tree = (await loadProjectTree(deps.db, userId))!;
  await requestBackfill(deps.db, tree, before, now);
  return projectView(tree);
}
