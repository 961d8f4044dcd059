import { AppError } from "../../errors.ts";
import type { Deps } from "../../deps.ts";
import type { AuthUser } from "../auth/index.ts";
import { loadProjectTree, projectIds } from "../projects/index.ts";

/** The caller's projects; an account without a project owns nothing. */
export async function ownedProjectIds(deps: Deps, user: AuthUser): Promise<number[]> {
  const tree = await loadProjectTree(deps.db, user.id);
  return tree ? projectIds(tree) : [];
}

/** One incident of the caller's projects (and of `projectId` when given); anyone else's is not found. */
export async function findIncident(deps: Deps, user: AuthUser, id: number, projectId?: number) {
  const owned = await ownedProjectIds(deps, user);
  if (projectId !== undefined && !owned.includes(projectId)) throw AppError.of(404, "project.not_found");
  const incident = owned.length
    ? await deps.db
        .selectFrom("incidents")
        .selectAll()
        .where("id", "=", id)
        .where("project_id", "in", projectId !== undefined ? [projectId] : owned)
        .executeTakeFirst()
    : undefined;
  if (!incident) throw AppError.of(404, "incident.not_found");
  return incident;
}

/** A project of the caller's, or not found. */
export async function assertOwnedProject(deps: Deps, user: AuthUser, projectId: number): Promise<void> {
  if (!(await ownedProjectIds(deps, user)).includes(projectId)) throw AppError.of(404, "project.not_found");
}
