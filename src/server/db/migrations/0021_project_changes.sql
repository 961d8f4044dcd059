-- A change log per project for the figure cache (docs/scale.md, "Figure cache"): every transaction that changes a
-- project's mentions, counters or keywords adds a row for it, committed with the change itself. Rows are only ever
-- added (and old ones pruned), so concurrent writers never wait on each other or deadlock here; the number of rows
-- and the newest id together tell a reader whether anything of the project changed since an answer was cached.
create table project_changes (
  project_id bigint not null,
  id bigserial not null,
  primary key (project_id, id)
);
