import { type } from "arktype";
import { detectIncidents } from "../services/crisis/index.ts";
import type { JobDefinition } from "./job.ts";

/** Every five minutes: crisis detection over each brand project's newest hours (safe to run on several workers). */
export const detectCrisesJob: JobDefinition<object> = {
  id: "detect-crises",
  schema: type({}),
  schedule: "*/5 * * * *",
  handler: async (deps) => {
    const results = await detectIncidents(deps);
    for (const r of results)
      if (r.opened.length + r.reopened.length + r.calmed.length > 0)
        deps.log.info(
          `Crisis detection, project ${r.projectId}: opened ${r.opened.join(",") || "-"}, reopened ${r.reopened.join(",") || "-"}, calmed ${r.calmed.join(",") || "-"}.`,
        );
  },
};
