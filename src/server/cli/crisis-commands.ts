import { detectIncidents } from "../services/crisis/index.ts";
import { done, failed, type DbCommand } from "./command.ts";

const USAGE = "crisis detect [project_id]";

/** `crisis detect`: runs crisis detection now, for every brand project or one, and prints what it did per project. */
export const crisisCommand: DbCommand = {
  name: "crisis",
  usage: USAGE,
  // Detection alerts the contacts of every incident it opens.
  sends: ([sub]) => sub === "detect",
  async run(deps, [sub, projectArg, ...rest]) {
    if (sub !== "detect" || rest.length > 0) return failed(`Usage: ${USAGE}\n`, 2);
    const projectId = projectArg === undefined ? undefined : Number(projectArg);
    if (projectId !== undefined && (!Number.isSafeInteger(projectId) || projectId < 1)) return failed(`Usage: ${USAGE}\n`, 2);
    const results = await detectIncidents(deps, projectId);
    if (projectId !== undefined && results.length === 0) return failed(`No brand project ${projectId} with detection enabled.\n`);
    return done(results.map((r) => `${JSON.stringify(r)}\n`).join(""));
  },
};
