import type { Deps } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import { loadProjectTree, projectIds } from "../projects/index.ts";

/** The project, if it is one of the account's own (its brand or a competitor); anything else is the same 404. */
export async function assertOwnedProject(deps: Deps, accountId: number, projectId: number): Promise<void> {
  const tree = await loadProjectTree(deps.db, accountId);
  if (!tree || !projectIds(tree).includes(projectId)) throw AppError.of(404, "project.not_found");
}
