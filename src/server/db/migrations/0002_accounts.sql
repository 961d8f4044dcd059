create table users (
  id bigint generated always as identity primary key,
  username text not null,
  full_name text not null,
  phone text not null,
  company text not null,
  email text not null,
  password_hash text not null,
  account_type smallint not null default 0 check (account_type in (0, 1, 2)),
  is_waiting_for_upgrade boolean not null default false,
  receives_reports boolean not null default true,
  avatar_key text,
  verified_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index users_username_key on users (lower(username));
create unique index users_phone_key on users (phone);
create unique index users_email_key on users (lower(email));

create table user_avatars (
  key text primary key,
  user_id bigint not null references users (id) on delete cascade,
  content_type text not null,
  bytes bytea not null,
  created_at timestamptz not null default now()
);
create index user_avatars_user_idx on user_avatars (user_id);

-- No rows for a user means every channel is enabled.
create table user_channels (
  user_id bigint not null references users (id) on delete cascade,
  channel_id smallint not null check (channel_id between 1 and 15),
  primary key (user_id, channel_id)
);

create table sessions (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id) on delete cascade,
  token_hash text not null unique,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create index sessions_user_idx on sessions (user_id);

create table otps (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id) on delete cascade,
  purpose text not null check (purpose in ('register', 'reset')),
  code_hash text not null,
  attempts smallint not null default 0,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  consumed_at timestamptz
);
create index otps_user_idx on otps (user_id, purpose, created_at desc);

-- Sliding-window rate limits live in the database so they hold across processes.
create table rate_limit_events (
  bucket text not null,
  key text not null,
  at timestamptz not null
);
create index rate_limit_events_idx on rate_limit_events (bucket, key, at);

create table outbox_messages (
  id bigint generated always as identity primary key,
  user_id bigint references users (id) on delete set null,
  channel text not null check (channel in ('sms', 'email')),
  recipient text not null,
  subject text,
  body text not null,
  provider text not null,
  status text not null check (status in ('sent', 'failed')),
  error text,
  created_at timestamptz not null
);
create index outbox_messages_user_idx on outbox_messages (user_id, created_at desc);
create index outbox_messages_recipient_idx on outbox_messages (recipient, created_at desc);
