import { listAdviceRequests } from "../services/contact/index.ts";
import { done, failed, type DbCommand } from "./command.ts";

const DEFAULT_COUNT = 50;

/** `contact list [count]`: the newest advice requests from the landing page, one JSON object a line. */
export const contactCommand: DbCommand = {
  name: "contact",
  usage: `contact list [count] — newest contact-form requests first (default ${DEFAULT_COUNT})`,
  async run(deps, [sub, count]) {
    if (sub !== "list") return failed(`Unknown contact command. Usage: ${contactCommand.usage}\n`, 2);
    const limit = count === undefined ? DEFAULT_COUNT : Number(count);
    if (!Number.isInteger(limit) || limit < 1) return failed("The count must be a positive whole number.\n", 2);
    const rows = await listAdviceRequests(deps, limit);
    return done(rows.map((row) => `${JSON.stringify(row)}\n`).join(""));
  },
};
