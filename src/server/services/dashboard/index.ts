export {
  cloudWords,
  compareProjects,
  getStats,
  getTopWords,
  numberMention,
  sentimentByProjects,
  topSources,
  trendDiscuss,
  trendSentiment,
} from "./overview-figures.ts";
