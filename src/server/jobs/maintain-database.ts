import { type } from "arktype";
import { monthStart } from "../../shared/time-range.ts";
import { dropExpiredMentions, ensureMentionMonths, refreshStatistics } from "../services/maintenance/index.ts";
import type { JobDefinition } from "./job.ts";

/**
 * Every hour (and when a worker starts): next month's partition of mentions is made ahead of its first mention, the
 * retention setting is applied, and the planner's statistics are refreshed.
 */
export const maintainDatabaseJob: JobDefinition<object> = {
  id: "maintain-database",
  schema: type({}),
  schedule: "7 * * * *",
  handler: async (deps) => {
    const now = deps.now();
    await ensureMentionMonths(deps.db, [now, monthStart(now, -1)]);
    const months = deps.config.mentionRetentionMonths;
    if (months !== null) {
      const { horizon, dropped } = await dropExpiredMentions(deps, months);
      if (dropped.length > 0) deps.log.info("Mentions past the retention setting removed.", { horizon, dropped });
    }
    await refreshStatistics(deps);
  },
};
