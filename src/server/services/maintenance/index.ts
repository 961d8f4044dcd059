export { dropExpiredMentions } from "./drop-expired-mentions.ts";
export { ensureMentionMonths } from "./ensure-mention-months.ts";
export { refreshStatistics } from "./refresh-statistics.ts";
