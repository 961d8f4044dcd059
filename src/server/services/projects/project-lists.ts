import type { NamedItem } from "../../../shared/api-types.ts";
import { AppError } from "../../errors.ts";
import type { Deps } from "../../deps.ts";
import type { AuthUser } from "../auth/index.ts";
import { loadProjectTree, projectIds } from "./project-tree.ts";

export type ListTable = "sub_brands" | "services";

/** A project's sub brands or services (defined by staff), for the caller's own projects only. */
export async function listProjectItems(deps: Deps, user: AuthUser, table: ListTable, projectId: number | undefined): Promise<NamedItem[]> {
  const tree = await loadProjectTree(deps.db, user.id);
  const id = projectId ?? tree?.brand.id;
  if (!tree || id === undefined || !projectIds(tree).includes(id)) throw AppError.of(404, "project.not_found");
  return deps.db.selectFrom(table).select(["id", "name"]).where("project_id", "=", id).orderBy("name").execute();
}
