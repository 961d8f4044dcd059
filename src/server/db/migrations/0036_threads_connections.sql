-- Issue 35, Threads (docs/channels/meta.md): Threads accounts connect through Meta's Threads API as provider 'threads'.
-- A long-lived Threads token is refreshed before it runs out, not before it is a day old: token_issued_at says when it
-- was issued or last refreshed.
alter table connections drop constraint connections_provider_check;
alter table connections add constraint connections_provider_check check (provider in ('meta', 'threads'));
alter table connection_states drop constraint connection_states_provider_check;
alter table connection_states add constraint connection_states_provider_check check (provider in ('meta', 'threads'));
alter table connections add column token_issued_at timestamptz;

-- The ledger of keyword searches, one row per query: Threads allows a user about 2,200 in 24 hours, counted across all
-- the connections of that Threads user; each keyword's latest row is where its next search starts (`since`).
create table threads_queries (
  id bigint generated always as identity primary key,
  connection_id bigint not null references connections (id) on delete cascade,
  account_id bigint not null references users (id) on delete cascade,
  threads_user_id text not null,
  keyword text not null,
  queried_at timestamptz not null
);
create index threads_queries_user_time on threads_queries (threads_user_id, queried_at);
create index threads_queries_keyword on threads_queries (connection_id, keyword, queried_at);
