import type { Answer } from "../shared/api-contract.ts";
import type { Channel } from "../shared/channels.ts";

/** The answers the screens hold, inferred from the calls' schemas (shared/api-contract.ts). */
export type User = Answer<"showUser">;
export type LoginResult = Answer<"login">;
export type OtpSent = Answer<"register">;
export type AppConfig = Answer<"appConfig">;
export type { Channel };
export type Project = Answer<"createProject">;
export type ProjectPreview = Answer<"previewProject">;
export type ProjectShow = Answer<"showProject">;
export type UserProject = Answer<"listUserProjects">[number];

/** Spec §3 project form values. */
export type ProjectForm = {
  brand_id: number | null;
  name: string;
  keywords: string[];
  exclude_keywords: string[];
  /** The advanced query, or null to match by keywords (issue 38). */
  query: string | null;
  competitors: { name: string; keywords: string[]; exclude_keywords: string[]; query: string | null }[];
};
export type NotificationSettings = Answer<"showNotification">;
export type Connections = Answer<"connections">;
export type Connection = Connections["connections"][number];
export type ConnectionSource = Connection["sources"][number];
export type { ReportDelivery, ReportPreview } from "../shared/report-types.ts";

export type {
  ChannelFigure,
  CounterKey,
  Counters,
  DashboardStats,
  DataStatus,
  Mention,
  MentionChanges,
  MentionPage,
  MentionsRestored,
  MentionsUpdated,
  NamedItem,
  ProjectComparison,
  ProjectSentiment,
  SentimentCounts,
  SentimentReasons,
  StoryItem,
  StoryMention,
  StoryMentions,
  StoryPage,
  TimeSeries,
  TopSource,
  TopSources,
  TopWords,
} from "../shared/api-types.ts";
