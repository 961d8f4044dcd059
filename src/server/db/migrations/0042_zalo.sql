-- Issue 36, Zalo Official Account (docs/channels/zalo.md). Zalo's OAuth v4 for OAs uses PKCE: the code verifier waits
-- with the hashed state for the callback. An OA access token lasts about 25 hours and comes with a single-use refresh
-- token of 3 months: the refresh token is kept encrypted beside it, expires_at is when the refresh token runs out (what
-- the customer must act on) and access_expires_at when the access token does.
alter table connection_states add column code_verifier text;
-- TikTok's migration 0041 added refresh_token first.
alter table connections add column if not exists refresh_token text;
alter table connections add column refresh_key_id text;
alter table connections add column access_expires_at timestamptz;

-- Messages from an OA's followers are private conversation, labelled as messages: mention type 4.
alter table documents drop constraint documents_mention_type_check;
alter table documents add constraint documents_mention_type_check check (mention_type between 0 and 4);
