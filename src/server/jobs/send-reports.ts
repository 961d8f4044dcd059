import { type } from "arktype";
import { runDueReports } from "../services/reports/index.ts";
import type { JobDefinition } from "./job.ts";

/** Each minute: plans the reports that fell due (08:00 Vietnam time) and sends those waiting, retries included. */
export const sendReportsJob: JobDefinition<object> = {
  id: "send-reports",
  schema: type({}),
  schedule: "* * * * *",
  handler: async (deps) => {
    const { planned, delivered } = await runDueReports(deps);
    if (planned + delivered.length > 0)
      deps.log.info(`Reports: ${planned} planned, ${delivered.map((d) => `#${d.id} ${d.status}`).join(", ") || "none sent"}.`);
  },
};
