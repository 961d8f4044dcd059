import type { Channel } from "../shared/channels.ts";
import type { ReportFrequency } from "../shared/report-periods.ts";
import type { UserView } from "../shared/user.ts";

/** The user as the API answers it. */
export type User = UserView;

export type LoginResult = { access_token: string; expires_in: number; user: User };
export type OtpSent = { phone?: string; phone_masked?: string; expires_in: number; resend_in: number };
export type AppConfig = { support_phone: string; recaptcha_site_key: string | null };
export type AdviseEmailRequest = {
  full_name: string;
  phone: string;
  email: string;
  company: string;
  message: string;
  captcha_token?: string;
};
export type { Channel };

type Keyword = { name: string };
export type Project = {
  is_demo?: boolean;
  id: number;
  name: string;
  brand_id: number;
  keywords: Keyword[];
  color: string;
  children_competitor: { id: number; name: string; keywords: Keyword[]; color: string }[];
};
export type ProjectShow = { project: Project | null; brands: Record<string, string>; remaining_updates: number | null };
export type UserProject = { id: number; name: string; color: string; is_competitor: boolean };

/** Spec §3 project form values. */
export type ProjectForm = {
  brand_id: number | null;
  name: string;
  keywords: string[];
  competitors: { name: string; keywords: string[] }[];
};
export type NotificationSettings = {
  id: number;
  time_reports: ReportFrequency[];
  phones: string[];
  emails: string[];
  quantity_phone_number: number;
  receives_reports: boolean;
  /** The language of the account's reports. */
  language: "vi" | "en";
};
/** What a test alert did: `delivered` is false where the server has no real provider and only logged the message. */
export type TestAlertResult = { channel: "email" | "sms"; to: string; delivered: boolean };
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
export type { MentionUpdate } from "../shared/schemas/mention.ts";
