-- Issue 38: per brand, up to 10 words or phrases whose presence in a document drops what its keywords matched there.
alter table projects add column exclude_keywords text[] not null default '{}';
