import type { Lang } from "../../../i18n/index.ts";
import type { Deps } from "../../deps.ts";
import { findUserById } from "../users/index.ts";
import { getBrands } from "./get-brands.ts";
import { remainingKeywordUpdates } from "./keyword-allowance.ts";
import { loadProjectTree, projectView } from "./project-tree.ts";
import type { ProjectShowSchema } from "../../../shared/schemas/answers.ts";

/** Spec §7 "GET show project": the project (null before onboarding), the brand catalogue and the keyword allowance. */
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
  };
}
