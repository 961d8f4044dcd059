import type { Kysely, Selectable } from "kysely";
import type { Database, ProjectsTable } from "../../db/schema.ts";
import type { ProjectSchema } from "../../../shared/schemas/answers.ts";

export type ProjectRow = Selectable<ProjectsTable>;
export type ProjectTree = { brand: ProjectRow; competitors: ProjectRow[] };

/** The user's brand project and its competitors; every lookup is scoped to the owner. */
export async function loadProjectTree(db: Kysely<Database>, userId: number): Promise<ProjectTree | null> {
  const rows = await db.selectFrom("projects").selectAll().where("user_id", "=", userId).orderBy("position").orderBy("id").execute();
  const brand = rows.find((r) => r.parent_id === null);
  return brand ? { brand, competitors: rows.filter((r) => r.parent_id === brand.id) } : null;
}

const keywordObjects = (keywords: string[]) => keywords.map((name) => ({ name }));

/** Spec §3 Project: keywords as objects with name, competitors under children_competitor. */
export function projectView(tree: ProjectTree): typeof ProjectSchema.infer {
  return {
    id: tree.brand.id,
    name: tree.brand.name,
    brand_id: tree.brand.brand_id ?? 0,
    keywords: keywordObjects(tree.brand.keywords),
    exclude_keywords: tree.brand.exclude_keywords,
    query: tree.brand.query,
    color: tree.brand.color,
    is_demo: tree.brand.is_demo,
    children_competitor: tree.competitors.map((c) => ({
      id: c.id,
      name: c.name,
      keywords: keywordObjects(c.keywords),
      exclude_keywords: c.exclude_keywords,
      query: c.query,
      color: c.color,
    })),
  };
}

/** Every project id of the tree: the set a user's dashboard queries are limited to. */
export function projectIds(tree: ProjectTree): number[] {
  return [tree.brand.id, ...tree.competitors.map((c) => c.id)];
}
