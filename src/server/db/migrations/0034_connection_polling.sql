-- Issue 35: Meta's quota and the safety net behind webhooks (docs/channels/meta.md). A connection Meta throttles is
-- "paused" until paused_until, then resumes by itself; a followed page whose backfill is done is read again for new
-- posts, comments and counters, polled_at recording when.
alter table connections add column paused_until timestamptz;
alter table connection_sources add column polled_at timestamptz;
