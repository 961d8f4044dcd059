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

export interface Database {
  schema_migrations: SchemaMigrationsTable;
  users: UsersTable;
  user_avatars: UserAvatarsTable;
  user_channels: UserChannelsTable;
  sessions: SessionsTable;
  otps: OtpsTable;
  rate_limit_events: RateLimitEventsTable;
  outbox_messages: OutboxMessagesTable;
}
