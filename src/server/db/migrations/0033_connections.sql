-- Connected accounts (issue 35, docs/channels/meta.md): a customer's own pages and Instagram accounts read through the
-- provider's official API with the customer's consent. Tokens are stored encrypted (AES-256-GCM); token_key_id names
-- the CONNECTIONS_KEY that encrypted them, so keys rotate without re-encrypting at once.
create table connections (
  id bigint generated always as identity primary key,
  account_id bigint not null references users (id) on delete cascade,
  -- The project the account connected it for: everything on its sources is that project's conversation.
  project_id bigint not null references projects (id) on delete cascade,
  provider text not null check (provider in ('meta')),
  external_user_id text not null,
  external_user_name text not null,
  access_token text not null,
  token_key_id text not null,
  expires_at timestamptz,
  state text not null default 'connected' check (state in ('connected', 'expiring', 'failing', 'paused')),
  failing_since timestamptz,
  reason text,
  created_at timestamptz not null
);
-- One per project and provider user: the same Meta user may connect pages for two projects of an account.
create unique index connections_project_user on connections (account_id, project_id, provider, external_user_id);
create index connections_provider_user on connections (provider, external_user_id);

-- The pages and Instagram accounts a connection can read; only followed ones are collected.
create table connection_sources (
  id bigint generated always as identity primary key,
  connection_id bigint not null references connections (id) on delete cascade,
  account_id bigint not null references users (id) on delete cascade,
  project_id bigint not null references projects (id) on delete cascade,
  kind text not null check (kind in ('facebook_page', 'instagram_account')),
  external_id text not null,
  name text not null,
  -- A page's own token; an Instagram account is read with its page's.
  access_token text,
  token_key_id text,
  followed boolean not null default false,
  backfill_cursor text,
  backfill_collected integer not null default 0,
  backfill_done boolean not null default false,
  created_at timestamptz not null
);
create unique index connection_sources_once on connection_sources (connection_id, kind, external_id);
create index connection_sources_followed on connection_sources (kind, external_id) where followed;

-- An OAuth round trip in flight: the state sent to the provider, hashed, bound to the session and project that began
-- it; taken once, within its ten minutes.
create table connection_states (
  state_hash text primary key,
  session_id bigint not null references sessions (id) on delete cascade,
  account_id bigint not null references users (id) on delete cascade,
  project_id bigint not null references projects (id) on delete cascade,
  provider text not null check (provider in ('meta')),
  -- The language of the screen that began the round trip, to return to it.
  lang text not null check (lang in ('vi', 'en')),
  expires_at timestamptz not null
);
