import type { ProjectInput } from "../../../shared/schemas/project.ts";
import { AppError } from "../../errors.ts";
import type { Deps } from "../../deps.ts";
import { isUniqueViolation } from "../users/index.ts";
import { assertBrandExists } from "./assert-brand.ts";
import { projectColor } from "./project-colors.ts";
import { loadProjectTree, projectView } from "./project-tree.ts";
import { requestBackfill } from "./request-backfill.ts";
import { saveCompetitors } from "./save-competitors.ts";

/** One brand project per user (spec §1), with 0–2 competitors. */
export async function createProject(deps: Deps, userId: number, input: ProjectInput) {
  await assertBrandExists(deps.db, input.brand_id, userId);
  const now = deps.now();
  await deps.db
    .transaction()
    .execute(async (trx) => {
      const brand = await trx
        .insertInto("projects")
        .values({
          user_id: userId,
          parent_id: null,
          brand_id: input.brand_id,
          name: input.name,
          keywords: input.keywords,
          exclude_keywords: input.exclude_keywords ?? [],
          query: input.query ?? null,
          color: projectColor(0),
          position: 0,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await saveCompetitors(trx, brand, [], input.competitors ?? [], now);
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw AppError.of(409, "project.exists");
      throw error;
    });
  const tree = (await loadProjectTree(deps.db, userId))!;
  await requestBackfill(deps.db, tree, null, now);
  return projectView(tree);
}
