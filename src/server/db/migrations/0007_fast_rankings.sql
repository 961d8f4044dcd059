-- Interactions on the mention itself, so "hot mentions" and the interaction sort read an index instead of every row.
alter table mentions add column interactions bigint not null default 0;
update mentions m set interactions = d.likes + d.shares + d.comments from documents d where d.id = m.document_id;
-- The whole ORDER BY of the list (interactions, then newest, then id), so the first page is read straight off the index.
create index mentions_project_interactions_idx on mentions (project_id, interactions desc, published_at desc, document_id desc);

-- Daily counters per source (site, page, group, channel), kept exact with the hourly rollups, for "top sources".
create table mention_sources_daily (
  project_id bigint not null,
  day timestamptz not null,
  channel smallint not null,
  sentiment smallint not null,
  is_noise boolean not null,
  source_name text not null,
  mentions bigint not null default 0,
  interactions bigint not null default 0,
  primary key (project_id, day, channel, sentiment, is_noise, source_name)
);
insert into mention_sources_daily
  select m.project_id, date_trunc('day', m.published_at + interval '7 hours') - interval '7 hours', m.channel, m.sentiment, m.is_noise,
    d.source_name, count(*), sum(d.likes + d.shares + d.comments)
  from mentions m join documents d on d.id = m.document_id
  group by 1, 2, 3, 4, 5, 6;
