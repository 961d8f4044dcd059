-- Keys for partner crawlers and monitoring vendors that push documents through POST /api/ingest.
create table api_keys (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id) on delete cascade,
  label text not null,
  key_hash text not null unique,
  key_prefix text not null,
  created_at timestamptz not null,
  last_used_at timestamptz,
  revoked_at timestamptz
);
create index api_keys_user_idx on api_keys (user_id);

-- Each collector's resumable state (ETag, page tokens, quota) and health, for GET /api/sources/health.
create table collector_states (
  collector_id text primary key,
  state jsonb,
  last_run_at timestamptz,
  last_run_ok boolean not null default true,
  last_success_at timestamptz,
  last_error_at timestamptz,
  last_error_kind text,
  last_error text,
  items_last_run integer not null default 0,
  items_total bigint not null default 0
);
