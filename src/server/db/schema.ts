import type { ColumnType, Generated } from "kysely";

type CreatedAt = ColumnType<Date, Date | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | undefined, Date>;

export interface SchemaMigrationsTable {
  version: number;
  name: string;
  applied_at: Generated<Date>;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  full_name: string;
  phone: string;
  company: string;
  email: string;
  password_hash: string;
  account_type: ColumnType<0 | 1 | 2, 0 | 1 | 2 | undefined, 0 | 1 | 2>;
  is_waiting_for_upgrade: ColumnType<boolean, boolean | undefined, boolean>;
  receives_reports: ColumnType<boolean, boolean | undefined, boolean>;
  avatar_key: string | null;
  verified_at: Date | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface UserAvatarsTable {
  key: string;
  user_id: number;
  content_type: string;
  bytes: Buffer;
  created_at: CreatedAt;
}

export interface UserChannelsTable {
  user_id: number;
  channel_id: number;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
}

export interface OtpsTable {
  id: Generated<number>;
  user_id: number;
  purpose: "register" | "reset";
  code_hash: string;
  attempts: ColumnType<number, number | undefined, number>;
  created_at: Date;
  expires_at: Date;
  consumed_at: Date | null;
}

export interface RateLimitEventsTable {
  bucket: string;
  key: string;
  at: Date;
}

export interface OutboxMessagesTable {
  id: Generated<number>;
  user_id: number | null;
  channel: "sms" | "email";
  recipient: string;
  subject: string | null;
  body: string;
  provider: string;
  status: "sent" | "failed";
  error: string | null;
  created_at: Date;
}

export interface BrandsTable {
  id: Generated<number>;
  name: string;
  industry_id: number;
  created_at: CreatedAt;
}

export interface ProjectsTable {
  id: Generated<number>;
  user_id: number;
  parent_id: number | null;
  brand_id: number | null;
  name: string;
  color: string;
  position: number;
  keywords: string[];
  is_demo: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Date;
  updated_at: Date;
}

export interface ProjectKeywordUpdatesTable {
  id: Generated<number>;
  user_id: number;
  at: Date;
}

export interface NotificationSettingsTable {
  user_id: number;
  time_reports: string[];
  phones: string[];
  emails: string[];
  updated_at: Date;
}

export interface BackfillRequestsTable {
  id: Generated<number>;
  project_id: number;
  keywords: string[];
  requested_at: Date;
  done_at: Date | null;
}

export interface DocumentsTable {
  id: Generated<number>;
  /** null: the public pool; else the account whose own API key delivered it (services/ingest/document-scope.ts). */
  account_id: number | null;
  dedup_key: string;
  channel: number;
  platform: string;
  external_id: string | null;
  url: string;
  mention_type: number;
  parent_external_id: string | null;
  title: string | null;
  content: string;
  search_text: string;
  published_at: Date;
  collected_at: Date;
  updated_at: Date;
  source_id: string | null;
  source_name: string;
  source_url: string | null;
  author_id: string | null;
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
  rating: number | null;
  ecommerce_source: number | null;
  hashtags: string[];
  sentiment: 0 | 1 | 2;
  sentiment_scores: number[];
  noise_score: number;
  noise_reasons: string[];
  is_demo: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface MentionsTable {
  project_id: number;
  document_id: number;
  published_at: Date;
  channel: number;
  mention_type: number;
  sentiment: 0 | 1 | 2;
  sentiment_source: ColumnType<"model" | "manual", "model" | "manual" | undefined, "model" | "manual">;
  status: ColumnType<number, number | undefined, number>;
  sub_brand_id: number | null;
  service_id: number | null;
  is_noise: boolean;
  interactions: ColumnType<number, number | undefined, number>;
  matched_keywords: string[];
  created_at: Date;
  updated_at: Date;
}

export interface MentionRollupsHourlyTable {
  project_id: number;
  hour: Date;
  channel: number;
  sentiment: number;
  is_noise: boolean;
  mentions: number;
  posts: number;
  comment_mentions: number;
  likes: number;
  shares: number;
  comments: number;
  views: number;
}

export interface ApiKeysTable {
  id: Generated<number>;
  /** null: a pool key (partner crawlers of public content); else the account whose documents the key delivers. */
  user_id: number | null;
  label: string;
  key_hash: string;
  key_prefix: string;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

export interface CollectorStatesTable {
  collector_id: string;
  state: unknown;
  last_run_at: Date | null;
  last_run_ok: ColumnType<boolean, boolean | undefined, boolean>;
  last_success_at: Date | null;
  last_error_at: Date | null;
  last_error_kind: string | null;
  last_error: string | null;
  items_last_run: ColumnType<number, number | undefined, number>;
  items_total: ColumnType<number, number | undefined, number>;
}

export interface ContactRequestsTable {
  id: Generated<number>;
  full_name: string;
  phone: string;
  email: string;
  company: string;
  message: string;
  lang: "vi" | "en";
  ip: string;
  created_at: Date;
}

export interface ClientErrorsTable {
  id: Generated<number>;
  status: number;
  url: string;
  message: string;
  page: string;
  user_agent: string;
  ip: string;
  created_at: Date;
}

export interface NamedListTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  created_at: CreatedAt;
}

export interface MentionAuditTable {
  id: Generated<number>;
  project_id: number;
  document_id: number;
  user_id: number;
  field: "sentiment" | "status" | "sub_brand_id" | "service_id";
  old_value: string | null;
  new_value: string | null;
  at: Date;
}

export interface MentionSourcesDailyTable {
  project_id: number;
  day: Date;
  channel: number;
  sentiment: number;
  is_noise: boolean;
  source_name: string;
  mentions: number;
  interactions: number;
}

export interface Database {
  schema_migrations: SchemaMigrationsTable;
  users: UsersTable;
  user_avatars: UserAvatarsTable;
  user_channels: UserChannelsTable;
  sessions: SessionsTable;
  otps: OtpsTable;
  rate_limit_events: RateLimitEventsTable;
  outbox_messages: OutboxMessagesTable;
  brands: BrandsTable;
  projects: ProjectsTable;
  project_keyword_updates: ProjectKeywordUpdatesTable;
  notification_settings: NotificationSettingsTable;
  backfill_requests: BackfillRequestsTable;
  documents: DocumentsTable;
  mentions: MentionsTable;
  mention_rollups_hourly: MentionRollupsHourlyTable;
  api_keys: ApiKeysTable;
  collector_states: CollectorStatesTable;
  contact_requests: ContactRequestsTable;
  client_errors: ClientErrorsTable;
  sub_brands: NamedListTable;
  services: NamedListTable;
  mention_audit: MentionAuditTable;
  mention_sources_daily: MentionSourcesDailyTable;
}
