-- Stories: near-duplicate documents share one (docs/nlp/stories.md). A story belongs to one scope, like its
-- documents: the public pool (account_id null) or one account's own documents, so an account's private documents
-- never share a story with documents another tenant can see.
create table stories (
  id bigint generated always as identity primary key,
  account_id bigint,
  -- The normalized text that founded the story.
  text_hash text not null,
  created_at timestamptz not null
);

-- Null until assigned: documents stored before this migration get theirs from the story backfill at start.
alter table documents add column story_id bigint;
create index documents_story_idx on documents (story_id);

-- The story index: each distinct normalized text seen in the last days, with what a new text is compared against and
-- its LSH bands (each process keeps the bands of the window in memory to find candidates; services/stories/). The
-- unique key on (scope, exact-text hash) is what keeps two ingest workers from founding two stories for one text.
create table story_texts (
  id bigint generated always as identity primary key,
  scope_id bigint not null, -- documents.account_id, 0 for the pool
  text_hash text not null,
  story_id bigint not null,
  -- Arrays of 32-bit hashes packed as bytes (services/stories/packed-ints.ts): word, name, shingle and LSH band hashes.
  words bytea not null,
  names bytea not null,
  shingles bytea not null,
  shingle_count integer not null,
  bands bytea not null,
  seen_at timestamptz not null
);
create unique index story_texts_scope_hash_key on story_texts (scope_id, text_hash);
create index story_texts_seen_idx on story_texts (seen_at);

-- One user action on mentions (an edit, an edit applied to a story's mentions, or the undo of an edit); the audit rows
-- of the action carry its id, which is what an undo restores from.
create table mention_edits (
  id bigint generated always as identity primary key,
  project_id bigint not null,
  user_id bigint not null,
  story_id bigint,
  undoes_edit_id bigint,
  undone_at timestamptz,
  at timestamptz not null
);
create index mention_edits_project_idx on mention_edits (project_id, at);

alter table mention_audit add column edit_id bigint;
create index mention_audit_edit_idx on mention_audit (edit_id);

-- Sentiment set by hand, as labelled examples for retraining the sentiment model. An undone correction is revoked,
-- not deleted, so the history stays and training skips it.
create table sentiment_corrections (
  id bigint generated always as identity primary key,
  project_id bigint not null,
  user_id bigint not null,
  document_id bigint not null,
  edit_id bigint not null,
  text text not null,
  label smallint not null check (label in (0, 1, 2)),
  -- The model's label when the document was ingested, and the model's version where it is known.
  model_label smallint check (model_label in (0, 1, 2)),
  model_version text,
  source text not null check (source in ('mention', 'story')),
  created_at timestamptz not null,
  revoked_at timestamptz
);
create index sentiment_corrections_time_idx on sentiment_corrections (created_at);
create index sentiment_corrections_edit_idx on sentiment_corrections (edit_id);
