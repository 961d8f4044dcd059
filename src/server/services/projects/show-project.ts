import type { Lang } from "../../../i18n/index.ts";
import type { Deps } from "../../deps.ts";
import { findUserById } from "../users/index.ts";
import { getBrands } from "./get-brands.ts";
import { remainingKeywordUpdates } from "./keyword-allowance.ts";
import { loadProjectTree, projectIds, projectView, type ProjectTree } from "./project-tree.ts";
import type { ProjectShowSchema } from "../../../shared/schemas/answers.ts";

/** The progress of reading the tree's history again under new rules, summed over its brands; null when none is. */
async function rematchProgress(deps: Deps, tree: ProjectTree | null) {
  if (!tree) return null;
  const row = await deps.db
    .selectFrom("rule_rematches")
    .select((eb) => [eb.fn.sum<string>("done").as("done"), eb.fn.sum<string>("total").as("total")])
    .where("project_id", "in", projectIds(tree))
    .executeTakeFirst();
  return row?.total == null ? null : { done: Number(row.done), total: Number(row.total) };
}

/**
 * Spec §7 "GET show project": the project (null before onboarding), the brand catalogue and the keyword allowance; and
 * how far its history is read again under new rules.
 */
export async function showProject(deps: Deps, userId: number, lang: Lang): Promise<typeof ProjectShowSchema.infer> {
  const [tree, brands, user] = await Promise.all([
    loadProjectTree(deps.db, userId),
    getBrands(deps, userId, lang),
    findUserById(deps.db, userId),
  ]);
  return {
    project: tree ? projectView(tree) : null,
    brands,
    remaining_updates: user ? await remainingKeywordUpdates(deps.db, user, deps.now()) : 0,
    rematch: await rematchProgress(deps, tree),
  };
}
