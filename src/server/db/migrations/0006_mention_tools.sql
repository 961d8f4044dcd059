-- Per-project lists staff define (CLI) and users assign to mentions.
create table sub_brands (
  id bigint generated always as identity primary key,
  project_id bigint not null,
  name text not null,
  created_at timestamptz not null default now()
);
create unique index sub_brands_name_key on sub_brands (project_id, lower(name));

create table services (
  id bigint generated always as identity primary key,
  project_id bigint not null,
  name text not null,
  created_at timestamptz not null default now()
);
create unique index services_name_key on services (project_id, lower(name));

-- Who changed what on a mention, and when (sentiment, status, sub brand, service).
create table mention_audit (
  id bigint generated always as identity primary key,
  project_id bigint not null,
  document_id bigint not null,
  user_id bigint not null,
  field text not null,
  old_value text,
  new_value text,
  at timestamptz not null
);
create index mention_audit_mention_idx on mention_audit (project_id, document_id, at);
