import { done, failed, type DbCommand } from "./command.ts";

const TABLES = { "sub-brand": "sub_brands", service: "services" } as const;

/** `list add|show`: the per-project sub brands and services that users assign to mentions. */
export const listCommand: DbCommand = {
  name: "list",
  usage: "list add sub-brand|service <project_id> <name> | list show <project_id>",
  async run(deps, [sub, kindOrProject, projectArg, ...nameParts]) {
    if (sub === "show") {
      const projectId = Number(kindOrProject);
      const subBrands = await deps.db.selectFrom("sub_brands").select(["id", "name"]).where("project_id", "=", projectId).orderBy("name").execute();
      const services = await deps.db.selectFrom("services").select(["id", "name"]).where("project_id", "=", projectId).orderBy("name").execute();
      return done(`${JSON.stringify({ sub_brands: subBrands, services })}\n`);
    }
    const table = TABLES[kindOrProject as keyof typeof TABLES];
    const projectId = Number(projectArg);
    const name = nameParts.join(" ").trim();
    if (sub !== "add" || !table || !Number.isInteger(projectId) || !name) return failed(`Usage: ${listCommand.usage}\n`, 2);
    const project = await deps.db.selectFrom("projects").select("id").where("id", "=", projectId).executeTakeFirst();
    if (!project) return failed(`No project ${projectId}.\n`);
    const row = await deps.db.insertInto(table).values({ project_id: projectId, name }).onConflict((oc) => oc.doNothing()).returning(["id", "name"]).executeTakeFirst();
    return row ? done(`${JSON.stringify(row)}\n`) : failed(`"${name}" exists already.\n`);
  },
};
