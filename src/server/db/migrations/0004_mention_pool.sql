-- Everything collected, whoever it matched. Unique by channel + external id, else by the normalized URL's hash.
create table documents (
  id bigint generated always as identity primary key,
  dedup_key text not null unique,
  channel smallint not null check (channel between 1 and 15),
  platform text not null,
  external_id text,
  url text not null,
  mention_type smallint not null default 0 check (mention_type between 0 and 3),
  parent_external_id text,
  title text,
  content text not null,
  -- Lowercased, tone-folded and unaccented title + content: the trigram index finds candidates for a keyword in any spelling.
  search_text text not null,
  published_at timestamptz not null,
  collected_at timestamptz not null,
  updated_at timestamptz not null,
  source_id text,
  source_name text not null,
  source_url text,
  author_id text,
  author_name text,
  author_url text,
  author_followers integer,
  author_age_range text,
  author_job text,
  author_province text,
  likes bigint not null default 0,
  shares bigint not null default 0,
  comments bigint not null default 0,
  views bigint not null default 0,
  rating smallint check (rating between 1 and 5),
  ecommerce_source smallint check (ecommerce_source in (1, 2)),
  hashtags text[] not null default '{}',
  sentiment smallint not null check (sentiment in (0, 1, 2)),
  sentiment_scores real[] not null,
  noise_score real not null default 0,
  noise_reasons text[] not null default '{}',
  is_demo boolean not null default false
);
create index documents_published_idx on documents (published_at);
create index documents_search_trgm_idx on documents using gin (search_text gin_trgm_ops);

-- A document as seen by one project. Every mention-side table carries project_id and no foreign key to
-- non-colocated tables, so it can be distributed by project_id later (ARCHITECTURE.md, "Scale path").
create table mentions (
  project_id bigint not null,
  document_id bigint not null,
  published_at timestamptz not null,
  channel smallint not null,
  mention_type smallint not null,
  sentiment smallint not null check (sentiment in (0, 1, 2)),
  sentiment_source text not null default 'model' check (sentiment_source in ('model', 'manual')),
  status smallint not null default 0 check (status between 0 and 3),
  sub_brand_id bigint,
  service_id bigint,
  is_noise boolean not null default false,
  matched_keywords text[] not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  primary key (project_id, document_id)
);
create index mentions_project_time_idx on mentions (project_id, published_at desc, document_id desc);
create index mentions_document_idx on mentions (document_id);

-- Counters per project × hour × channel × sentiment × noise, kept exact in the same transaction as mention changes.
create table mention_rollups_hourly (
  project_id bigint not null,
  hour timestamptz not null,
  channel smallint not null,
  sentiment smallint not null,
  is_noise boolean not null,
  mentions bigint not null default 0,
  posts bigint not null default 0,
  comment_mentions bigint not null default 0,
  likes bigint not null default 0,
  shares bigint not null default 0,
  comments bigint not null default 0,
  views bigint not null default 0,
  primary key (project_id, hour, channel, sentiment, is_noise)
);
