import type { Deps } from "../../deps.ts";
import type { UserProjectSchema } from "../../../shared/schemas/answers.ts";

/** The brand project first, then its competitors: what the dashboard offers to compare. */
export async function listUserProjects(deps: Deps, userId: number): Promise<(typeof UserProjectSchema.infer)[]> {
  const rows = await deps.db
    .selectFrom("projects")
    .select(["id", "name", "color", "parent_id", "keywords"])
    .where("user_id", "=", userId)
    .orderBy("position")
    .orderBy("id")
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, color: r.color, is_competitor: r.parent_id !== null, keywords: r.keywords }));
}
