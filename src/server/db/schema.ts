import type { ColumnType, Generated } from "kysely";
import type { ReportFrequency } from "../../shared/report-periods.ts";
import type { Lang } from "../../i18n/index.ts";
import type { CONNECTION_PROVIDERS, CONNECTION_SOURCE_KINDS } from "../../shared/schemas/connections.ts";

type CreatedAt = ColumnType<Date, Date | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | undefined, Date>;

interface SchemaMigrationsTable {
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
  language: ColumnType<"vi" | "en", "vi" | "en" | undefined, "vi" | "en">;
  avatar_key: string | null;
  verified_at: Date | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

interface UserAvatarsTable {
  key: string;
  user_id: number;
  content_type: string;
  bytes: Buffer;
  created_at: CreatedAt;
}

interface UserChannelsTable {
  user_id: number;
  channel_id: number;
}

interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
}

interface OtpsTable {
  id: Generated<number>;
  user_id: number;
  purpose: "register" | "reset" | "login";
  code_hash: string;
  created_at: Date;
  expires_at: Date;
  consumed_at: Date | null;
}

interface RateLimitEventsTable {
  bucket: string;
  key: string;
  at: Date;
}

interface OutboxMessagesTable {
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
  report_delivery_id: ColumnType<number | null, number | null | undefined, number | null>;
}

interface BrandsTable {
  id: Generated<number>;
  name: string;
  industry_id: number;
  /** The demo project's own brand: listed and accepted only for the account whose project uses it. */
  demo: Generated<boolean>;
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
  /** Migration 0044: a match of the keywords is dropped where one of these occurs in the document. */
  exclude_keywords: ColumnType<string[], string[] | undefined, string[]>;
  /** Migration 0045: the advanced query that is the brand's matching rule where set. */
  query: ColumnType<string | null, string | null | undefined, string | null>;
  is_demo: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Date;
  updated_at: Date;
}

interface ProjectKeywordUpdatesTable {
  id: Generated<number>;
  user_id: number;
  at: Date;
}

interface NotificationSettingsTable {
  user_id: number;
  time_reports: ReportFrequency[];
  phones: string[];
  emails: string[];
  updated_at: Date;
}

interface BackfillRequestsTable {
  id: Generated<number>;
  project_id: number;
  keywords: string[];
  requested_at: Date;
  done_at: Date | null;
}

export interface DocumentsTable {
  id: Generated<number>;
  /** null: the public pool; else the account whose own API key delivered it (db/document-scope.ts). */
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
  /** authors.id of the document's author (migration 0014), null when it names none. */
  author_ref: number | null;
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
  /** The document's story (services/stories/); null until the backfill reaches a document stored before stories. */
  story_id: number | null;
}

export interface MentionsTable {
  project_id: number;
  document_id: number;
  published_at: Date;
  channel: number;
  mention_type: number;
  sentiment: 0 | 1 | 2;
  /** The model's reading toward the project; null for mentions linked before 0018, read as their document's. */
  model_sentiment: ColumnType<0 | 1 | 2 | null, 0 | 1 | 2 | null | undefined, 0 | 1 | 2 | null>;
  sentiment_source: ColumnType<"model" | "manual", "model" | "manual" | undefined, "model" | "manual">;
  status: ColumnType<number, number | undefined, number>;
  sub_brand_id: number | null;
  service_id: number | null;
  is_noise: boolean;
  interactions: ColumnType<number, number | undefined, number>;
  /** The document's metrics, kept with it (migration 0023). */
  likes: ColumnType<number, number | undefined, number>;
  shares: ColumnType<number, number | undefined, number>;
  comments: ColumnType<number, number | undefined, number>;
  views: ColumnType<number, number | undefined, number>;
  /** The sentiment model version that read the mention's sentiment (migration 0017); null for older rows. */
  sentiment_model: ColumnType<string | null, string | null | undefined, string | null>;
  matched_keywords: string[];
  /** Hashed words and word pairs of the document's search text, seeded by the project (migration 0022). */
  search_terms: ColumnType<string[], string[] | undefined, never>;
  created_at: Date;
  updated_at: Date;
}

interface MentionRollupsHourlyTable {
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

interface ApiKeysTable {
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

interface CollectorStatesTable {
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

interface ContactRequestsTable {
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

interface ClientErrorsTable {
  id: Generated<number>;
  status: number;
  url: string;
  message: string;
  page: string;
  user_agent: string;
  ip: string;
  created_at: Date;
}

interface NamedListTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  created_at: CreatedAt;
}

interface MentionAuditTable {
  id: Generated<number>;
  project_id: number;
  document_id: number;
  user_id: number;
  field: "sentiment" | "sentiment_source" | "status" | "sub_brand_id" | "service_id";
  old_value: string | null;
  new_value: string | null;
  at: Date;
  /** The user action (mention_edits) this change belongs to; null for changes made before edits were recorded. */
  edit_id: number | null;
}

interface StoriesTable {
  id: Generated<number>;
  account_id: number | null;
  text_hash: string;
  created_at: Date;
}

interface StoryTextsTable {
  id: Generated<number>;
  scope_id: number;
  text_hash: string;
  story_id: number;
  /** 32-bit hashes packed as bytes (services/stories/packed-ints.ts). */
  words: Uint8Array;
  names: Uint8Array;
  shingles: Uint8Array;
  shingle_count: number;
  bands: Uint8Array;
  seen_at: Date;
}

interface MentionEditsTable {
  id: Generated<number>;
  project_id: number;
  user_id: number;
  story_id: number | null;
  undoes_edit_id: number | null;
  undone_at: Date | null;
  at: Date;
}

interface SentimentCorrectionsTable {
  id: Generated<number>;
  project_id: number;
  user_id: number;
  document_id: number;
  edit_id: number;
  text: string;
  label: 0 | 1 | 2;
  model_label: number | null;
  model_version: string | null;
  source: "mention" | "story";
  created_at: Date;
  revoked_at: Date | null;
}

interface SentimentAdaptationsTable {
  id: Generated<number>;
  account_id: number;
  version: string;
  base_version: string;
  status: "candidate" | "promoted" | "rejected";
  examples: number;
  held_back: number;
  last_correction_id: number;
  metrics: ColumnType<unknown, string | undefined, string>;
  weights: Uint8Array;
  created_at: Date;
  decided_at: Date | null;
}

interface MentionSourcesDailyTable {
  project_id: number;
  day: Date;
  channel: number;
  sentiment: number;
  is_noise: boolean;
  source_name: string;
  mentions: number;
  interactions: number;
}

export interface ReportDeliveriesTable {
  id: Generated<number>;
  project_id: number;
  user_id: number;
  frequency: ReportFrequency;
  /** YYYY-MM-DD (date columns are read as text, see db/client.ts). */
  period_start: string;
  /** The period's last day, included. */
  period_end: string;
  due_at: Date;
  reason: "schedule" | "catch-up" | "staff" | "staff-forced";
  status: ColumnType<"pending" | "sent" | "failed" | "cancelled", "pending" | undefined, "pending" | "sent" | "failed" | "cancelled">;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Date;
  lease_owner: string | null;
  lease_until: Date | null;
  last_error: string | null;
  short_code: string;
  created_at: Date;
  sent_at: Date | null;
}

interface ReportScheduleTable {
  id: ColumnType<boolean, boolean | undefined, never>;
  planned_until: Date;
}

/** One author per platform and identity within a scope, like documents (account_id null = the public pool). */
interface AuthorsTable {
  id: Generated<number>;
  account_id: number | null;
  platform: string;
  /** "id:…" (the platform's id), "url:…" (normalized profile link), "name:…" (byline), "sample:…" (generated). */
  author_key: string;
  external_id: string | null;
  name: string | null;
  url: string | null;
  followers: number | null;
  age_range: string | null;
  job: string | null;
  job_category: string | null;
  location: string | null;
  province: string | null;
  profile_at: Date;
  first_seen_at: Date;
  last_seen_at: Date;
  is_sample: ColumnType<boolean, boolean | undefined, boolean>;
}

/** Mentions per project × Vietnam month × channel (0 = all channels) × author, with copies of the author's attributes. */
export interface AudienceMonthlyTable {
  project_id: number;
  sample: ColumnType<boolean, boolean | undefined, boolean>;
  month: Date;
  channel: number;
  author_id: number;
  mentions: number;
  positive: number;
  neutral: number;
  negative: number;
  interactions: number;
  followers: number | null;
  age_range: string | null;
  job: string | null;
  province: string | null;
  /** The month of the author's first mention of the project. */
  first_month: Date;
  /** On an author's all-channel row (channel 0): how many channels the author spoke in; 1 on a channel's own row. */
  channels: ColumnType<number, number | undefined, number>;
}

/** audience_monthly.channel and audience_counts.channel of an author's row over every channel. */
export const ALL_CHANNELS = 0;

/** Authors per project × month × channel (0 = all) for each value of each attribute, kept by triggers (migration 0014). */
export interface AudienceCountsTable {
  project_id: number;
  sample: boolean;
  month: Date;
  channel: number;
  dim: "all" | "age" | "job" | "province" | "new" | "positive" | "neutral" | "negative" | "multi";
  /** "" when unknown; "1"/"0" for new and the sentiments. */
  value: string;
  authors: number;
  mentions: number;
  interactions: number;
  followers: number;
  followers_known: number;
}

/** The project months whose sample audience (trial accounts) has been generated. */
interface AudienceSamplesTable {
  project_id: number;
  month: Date;
  created_at: Date;
}

/** Crisis management (migration 0016). */
export interface IncidentsTable {
  id: Generated<number>;
  project_id: number;
  title: string;
  description: ColumnType<string, string | undefined, string>;
  started_at: Date;
  ended_at: Date | null;
  status: ColumnType<0 | 1, 0 | 1 | undefined, 0 | 1>;
  severity: ColumnType<1 | 2 | 3, 1 | 2 | 3 | undefined, 1 | 2 | 3>;
  origin: "detected" | "user";
  review: ColumnType<
    "pending" | "confirmed" | "dismissed",
    "pending" | "confirmed" | "dismissed" | undefined,
    "pending" | "confirmed" | "dismissed"
  >;
  merged_into_id: number | null;
  last_anomaly_at: Date | null;
  peak_z: ColumnType<number, number | undefined, number>;
  peak_count: ColumnType<number, number | undefined, number>;
  baseline_count: ColumnType<number, number | undefined, number>;
  drivers: ColumnType<unknown, string | undefined, string>;
  story_id: number | null;
  last_alert_at: Date | null;
  alerted_severity: ColumnType<number, number | undefined, number>;
  created_by: number | null;
  created_at: Date;
  updated_at: Date;
}

interface IncidentMentionsTable {
  incident_id: number;
  project_id: number;
  document_id: number;
  added_by: number | null;
  added_at: Date;
}

interface IncidentSolutionsTable {
  id: Generated<number>;
  project_id: number;
  incident_id: number;
  action: string;
  done_by: string;
  done_at: Date;
  evaluation: "effective" | "partly" | "not_effective";
  notes: ColumnType<string, string | undefined, string>;
  user_id: number;
  created_at: Date;
}

interface IncidentHistoryTable {
  id: Generated<number>;
  project_id: number;
  incident_id: number;
  user_id: number | null;
  field: string;
  old_value: string | null;
  new_value: string | null;
  at: Date;
}

interface CrisisSettingsTable {
  project_id: number;
  sensitivity: "low" | "medium" | "high";
  min_volume: number;
  cooldown_hours: number;
  resolve_hours: number;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  updated_at: Date;
}

interface CrisisScansTable {
  project_id: number;
  scanned_until: Date;
}

/** One row per project per transaction that changed what its figures show (migration 0021). */
interface ProjectChangesTable {
  project_id: number;
  id: Generated<number>;
}

/** A brand's history being read again under its new rules (migration 0046). */
interface RuleRematchesTable {
  project_id: number;
  cursor_document_id: ColumnType<number, number | undefined, number>;
  total: number;
  done: ColumnType<number, number | undefined, number>;
  requested_at: Date;
}

export type ConnectionState = "connected" | "expiring" | "failing" | "paused";
export type ConnectionSourceKind = (typeof CONNECTION_SOURCE_KINDS)[number];
export type ConnectionProvider = (typeof CONNECTION_PROVIDERS)[number];

/** A connected account (migration 0033); access_token is encrypted (services/connections/token-cipher.ts). */
export interface ConnectionsTable {
  id: Generated<number>;
  account_id: number;
  project_id: number;
  provider: ConnectionProvider;
  external_user_id: string;
  external_user_name: string;
  access_token: string;
  token_key_id: string;
  expires_at: Date | null;
  state: ColumnType<ConnectionState, ConnectionState | undefined, ConnectionState>;
  failing_since: Date | null;
  reason: string | null;
  paused_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** When the token was issued or last refreshed (migration 0036). */
  token_issued_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The encrypted refresh token: TikTok's under token_key_id (migration 0041), Zalo's under refresh_key_id (0042). */
  refresh_token: ColumnType<string | null, string | null | undefined, string | null>;
  refresh_key_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Zalo: when the access token runs out (expires_at is its refresh token's end). */
  access_expires_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** TikTok: when its refresh token runs out. */
  refresh_expires_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: Date;
}

export interface ConnectionSourcesTable {
  id: Generated<number>;
  connection_id: number;
  account_id: number;
  project_id: number;
  kind: ConnectionSourceKind;
  external_id: string;
  name: string;
  access_token: string | null;
  token_key_id: string | null;
  followed: ColumnType<boolean, boolean | undefined, boolean>;
  backfill_cursor: string | null;
  backfill_collected: ColumnType<number, number | undefined, number>;
  backfill_done: ColumnType<boolean, boolean | undefined, boolean>;
  polled_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: Date;
}

interface ConnectionStatesTable {
  state_hash: string;
  session_id: number;
  account_id: number;
  project_id: number;
  provider: ConnectionProvider;
  lang: Lang;
  expires_at: Date;
  /** Zalo's PKCE code verifier, sent with the code (migration 0042). */
  code_verifier: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One keyword search on Threads' API (migration 0036): the ledger of its 24-hour quota per Threads user. */
interface ThreadsQueriesTable {
  id: Generated<number>;
  connection_id: number;
  account_id: number;
  threads_user_id: string;
  keyword: string;
  queried_at: Date;
}

/** An Instagram account's hashtag and its 7-day window in Meta's 30-hashtag limit (migration 0035). */
export interface InstagramHashtagSearchesTable {
  ig_user_id: string;
  hashtag: string;
  hashtag_id: string | null;
  window_started_at: Date;
}

/** A `mentions` webhook change waiting to be read through the Graph API (migration 0035). */
export interface InstagramMentionQueueTable {
  id: Generated<number>;
  ig_user_id: string;
  media_id: string;
  comment_id: string | null;
  received_at: Date;
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
  stories: StoriesTable;
  story_texts: StoryTextsTable;
  mention_edits: MentionEditsTable;
  sentiment_corrections: SentimentCorrectionsTable;
  sentiment_adaptations: SentimentAdaptationsTable;
  authors: AuthorsTable;
  audience_monthly: AudienceMonthlyTable;
  audience_counts: AudienceCountsTable;
  audience_samples: AudienceSamplesTable;
  report_deliveries: ReportDeliveriesTable;
  report_schedule: ReportScheduleTable;
  incidents: IncidentsTable;
  incident_mentions: IncidentMentionsTable;
  incident_solutions: IncidentSolutionsTable;
  incident_history: IncidentHistoryTable;
  crisis_settings: CrisisSettingsTable;
  crisis_scans: CrisisScansTable;
  project_changes: ProjectChangesTable;
  connections: ConnectionsTable;
  connection_sources: ConnectionSourcesTable;
  rule_rematches: RuleRematchesTable;
  connection_states: ConnectionStatesTable;
  threads_queries: ThreadsQueriesTable;
  instagram_hashtag_searches: InstagramHashtagSearchesTable;
  instagram_mention_queue: InstagramMentionQueueTable;
}
