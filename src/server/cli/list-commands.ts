import { addSubListItem, showSubLists } from "../services/projects/index.ts";
import { done, failed, type DbCommand } from "./command.ts";

const TABLES = { "sub-brand": "sub_brands", service: "services" } as const;

/** `list add|show`: the per-project sub brands and services that users assign to mentions. */
export const listCommand: DbCommand = {
  name: "list",
  usage: "list add sub-brand|service <project_id> <name> | list show <project_id>",
  async run(deps, [sub, kindOrProject, projectArg, ...nameParts]) {
    if (sub === "show") return done(`${JSON.stringify(await showSubLists(deps, Number(kindOrProject)))}\n`);
    const table = TABLES[kindOrProject as keyof typeof TABLES];
    const projectId = Number(projectArg);
    const name = nameParts.join(" ").trim();
    if (sub !== "add" || !table || !Number.isInteger(projectId) || !name) return failed(`Usage: ${listCommand.usage}\n`, 2);
    const added = await addSubListItem(deps, table, projectId, name);
    if ("row" in added) return done(`${JSON.stringify(added.row)}\n`);
    return failed(added.error === "no-project" ? `No project ${projectId}.\n` : `"${name}" exists already.\n`);
  },
};
