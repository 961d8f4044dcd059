-- Each mention carries its document's likes, shares, comments and views (kept with `interactions` when a document is
-- collected again), so totals over filtered or searched mentions read the mentions alone instead of visiting one
-- pool document per mention: the search's counters at 1,000,000 mentions, and one join fewer across shards for Citus.
alter table mentions
  add column likes bigint not null default 0,
  add column shares bigint not null default 0,
  add column comments bigint not null default 0,
  add column views bigint not null default 0;
update mentions m set likes = d.likes, shares = d.shares, comments = d.comments, views = d.views
  from documents d where d.id = m.document_id and (d.likes, d.shares, d.comments, d.views) <> (0, 0, 0, 0);
