import { AppError } from "../../errors.ts";
import type { Deps } from "../../deps.ts";
import type { ProjectNameSchema } from "../../../shared/schemas/answers.ts";

/** Renames one of the caller's projects (brand or competitor); someone else's project is simply not found. */
export async function updateProjectName(
  deps: Deps,
  userId: number,
  projectId: number,
  name: string,
): Promise<typeof ProjectNameSchema.infer> {
  const updated = await deps.db
    .updateTable("projects")
    .set({ name, updated_at: deps.now() })
    .where("id", "=", projectId)
    .where("user_id", "=", userId)
    .returning(["id", "name"])
    .executeTakeFirst();
  if (!updated) throw AppError.of(404, "project.not_found");
  return updated;
}
