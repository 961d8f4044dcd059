-- Per-account adaptations of the sentiment model (docs/models/corrections.md): a residual learnt on one account's own
-- corrections over the shared base model. Each retraining stores its candidate with the evaluation that decided it;
-- an account reads with its newest promoted adaptation learnt on the current base model, or with the base alone.
create table sentiment_adaptations (
  id bigint generated always as identity primary key,
  account_id bigint not null,
  -- The version stored with the sentiment of each mention it reads ("<base version>+<hash of the weights>").
  version text not null,
  base_version text not null,
  status text not null check (status in ('candidate', 'promoted', 'rejected')),
  -- Corrections trained on (all of them once promoted: the promoted weights are fitted again with the held-back ones)
  -- and held back for the evaluation, and the newest correction id read: the job retrains an account once enough
  -- corrections arrived after it.
  examples integer not null,
  held_back integer not null,
  last_correction_id bigint not null,
  -- Base vs candidate on each dev set and on the held-back corrections, the reason of the decision and the version of
  -- the candidate judged (fitted without the held-back corrections).
  metrics jsonb not null default '{}',
  weights bytea not null,
  created_at timestamptz not null,
  decided_at timestamptz
);
create index sentiment_adaptations_account_idx on sentiment_adaptations (account_id, id desc);

-- The model version that gave a mention its sentiment (null: read before versions were kept, or set by hand before).
alter table mentions add column sentiment_model text;
create index sentiment_corrections_project_idx on sentiment_corrections (project_id, id);
