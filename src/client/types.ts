import type { Channel } from "../shared/channels.ts";
import type { UserView } from "../shared/user.ts";

/** The user as the API answers it. */
export type User = UserView;

export type LoginResult = { access_token: string; expires_in: number; user: User };
export type OtpSent = { phone?: string; phone_masked?: string; expires_in: number; resend_in: number };
export type AppConfig = { support_phone: string; recaptcha_site_key: string | null };
export type AdviseEmailRequest = { full_name: string; phone: string; email: string; company: string; message: string; captcha_token?: string };
export type { Channel };

export type Keyword = { name: string };
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
export type ProjectForm = { brand_id: number | null; name: string; keywords: string[]; competitors: { name: string; keywords: string[] }[] };
export type NotificationSettings = {
  id: number;
  time_reports: ("daily" | "weekly" | "monthly" | "annual")[];
  phones: string[];
  emails: string[];
  quantity_phone_number: number;
  receives_reports: boolean;
};

/** The seven counters of spec §3. */
export type CounterKey = "total_mention" | "total_post" | "total_view" | "total_comment" | "total_like" | "total_share" | "total_comment_post";
export type Counters = Record<CounterKey, number>;
/** Counters of the period, of the equal period before, and the change in percent (null when the previous value was 0). */
export type DashboardStats = Counters & { previous: Counters; change: Record<CounterKey, number | null> };

export type TimeSeries = { granularity: "hour" | "day" | "week"; buckets: string[]; series: { key: number; values: number[] }[] };
export type ChannelFigure = { channel_id: number; total_mention: number; total_interaction: number };
export type SentimentCounts = { neutral: number; positive: number; negative: number };
export type ProjectSentiment = SentimentCounts & { project_id: number };
export type TermCount = { term: string; count: number };
export type TopWords = { words: TermCount[]; hashtags: TermCount[] };
export type TopSource = { source_name: string; channel_id: number; source_url: string | null; total_mention: number; total_interaction: number };
export type TopSources = { by_mentions: TopSource[]; by_interactions: TopSource[] };
export type ProjectComparison = ProjectSentiment & { total_mention: number; share_of_voice: number; total_interaction: number };

export type Mention = {
  id: number;
  project_id: number;
  channel_id: number;
  platform: string | null;
  mention_type: 0 | 1 | 2 | 3;
  parent_external_id: string | null;
  url: string | null;
  title: string | null;
  content: string;
  published_at: string;
  source_name: string | null;
  source_url: string | null;
  author_name: string | null;
  author_url: string | null;
  author_followers: number | null;
  author_age_range: string | null;
  author_job: string | null;
  author_province: string | null;
  likes: number;
  shares: number;
  comments: number;
  views: number;
  interactions: number;
  rating: number | null;
  ecommerce_source: 1 | 2 | null;
  hashtags: string[];
  sentiment: 0 | 1 | 2;
  sentiment_source: "model" | "manual";
  status: 0 | 1 | 2 | 3;
  sub_brand_id: number | null;
  service_id: number | null;
  is_noise: boolean;
};
export type MentionPage = { data: Mention[]; total: number; page: number; per_page: number };
export type MentionChanges = Partial<Pick<Mention, "sentiment" | "status" | "sub_brand_id" | "service_id">>;
export type MentionUpdate = MentionChanges & { project_id: number; ids: number[] };
export type NamedItem = { id: number; name: string };
