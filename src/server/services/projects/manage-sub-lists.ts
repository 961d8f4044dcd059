import type { Deps } from "../../deps.ts";
import type { ListTable } from "./project-lists.ts";

/** A project's sub brands and services, as staff see them. */
export async function showSubLists(deps: Deps, projectId: number) {
  const names = (table: ListTable) =>
    deps.db.selectFrom(table).select(["id", "name"]).where("project_id", "=", projectId).orderBy("name").execute();
  return { sub_brands: await names("sub_brands"), services: await names("services") };
}

/** Adds a sub brand or service to a project (staff): the new row, or why not. */
export async function addSubListItem(deps: Deps, table: ListTable, projectId: number, name: string) {
  const project = await deps.db.selectFrom("projects").select("id").where("id", "=", projectId).executeTakeFirst();
  if (!project) return { error: "no-project" as const };
  const row = await deps.db
    .insertInto(table)
    .values({ project_id: projectId, name })
    .onConflict((oc) => oc.doNothing())
    .returning(["id", "name"])
    .executeTakeFirst();
  return row ? { row } : { error: "exists" as const };
}
