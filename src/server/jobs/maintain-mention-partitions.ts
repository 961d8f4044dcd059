import { type } from "arktype";
import { dropExpiredMentions, monthsBefore } from "../services/partitions/drop-expired-mentions.ts";
import { ensureMentionMonths } from "../services/partitions/ensure-mention-months.ts";
import type { JobDefinition } from "./job.ts";

/** Every night: next month's partition of mentions is made ahead of its first mention, and the retention setting applied. */
export const maintainMentionPartitionsJob: JobDefinition<object> = {
  id: "maintain-mention-partitions",
  schema: type({}),
  schedule: "20 3 * * *",
  handler: async (deps) => {
    const now = deps.now();
    await ensureMentionMonths(deps.db, [now, monthsBefore(now, -1)]);
    const months = deps.config.mentionRetentionMonths;
    if (months === null) return;
    const { horizon, dropped } = await dropExpiredMentions(deps, months);
    deps.log.info("Mentions past the retention setting removed.", { horizon, dropped });
  },
};
