-- Issue 38: after a brand's exclusions or query change, its history is read again in the background, a batch of
-- mentions at a time in document order from the cursor, so a save never waits on a large history and a restart goes on.
create table rule_rematches (
  project_id bigint primary key references projects (id) on delete cascade,
  cursor_document_id bigint not null default 0,
  total integer not null,
  done integer not null default 0,
  requested_at timestamptz not null
);
