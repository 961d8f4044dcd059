-- Crisis management (docs/crisis-detection.md): incidents per project, detected from the hourly rollups or created by a
-- user, with the mentions attached to them, the solutions tried and every change in a history.
create table incidents (
  id bigint generated always as identity primary key,
  project_id bigint not null references projects (id) on delete cascade,
  title text not null,
  description text not null default '',
  started_at timestamptz not null,
  -- Empty while the incident is ongoing.
  ended_at timestamptz,
  status smallint not null default 0 check (status in (0, 1)),
  -- 1 moderate, 2 high, 3 severe (from the anomaly's strength).
  severity smallint not null default 1 check (severity between 1 and 3),
  origin text not null check (origin in ('detected', 'user')),
  -- A user's review of a detected incident; a dismissed one stays, for the history, and is left out of alerts.
  review text not null default 'pending' check (review in ('pending', 'confirmed', 'dismissed')),
  merged_into_id bigint references incidents (id) on delete set null,
  -- The detector's view: last anomalous hour, peak strength (spreads above baseline), peak and baseline counts, and
  -- what drove it (stories, sources, channels, terms) as JSON.
  last_anomaly_at timestamptz,
  peak_z real not null default 0,
  peak_count integer not null default 0,
  baseline_count real not null default 0,
  drivers jsonb not null default '{}',
  story_id bigint,
  last_alert_at timestamptz,
  alerted_severity smallint not null default 0,
  created_by bigint,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index incidents_project_idx on incidents (project_id, started_at desc);
-- At most one open detected incident per project: two detection workers cannot both open one.
create unique index incidents_one_open on incidents (project_id) where status = 0 and origin = 'detected' and merged_into_id is null;

create table incident_mentions (
  incident_id bigint not null references incidents (id) on delete cascade,
  project_id bigint not null,
  document_id bigint not null,
  -- null: attached by the detector.
  added_by bigint,
  added_at timestamptz not null,
  primary key (incident_id, document_id)
);
create index incident_mentions_project_idx on incident_mentions (project_id, document_id);

create table incident_solutions (
  id bigint generated always as identity primary key,
  incident_id bigint not null references incidents (id) on delete cascade,
  action text not null,
  done_by text not null,
  done_at timestamptz not null,
  evaluation text not null check (evaluation in ('effective', 'partly', 'not_effective')),
  notes text not null default '',
  user_id bigint not null,
  created_at timestamptz not null
);
create index incident_solutions_incident_idx on incident_solutions (incident_id, done_at);

create table incident_history (
  id bigint generated always as identity primary key,
  incident_id bigint not null references incidents (id) on delete cascade,
  -- null: the detector.
  user_id bigint,
  field text not null,
  old_value text,
  new_value text,
  at timestamptz not null
);
create index incident_history_incident_idx on incident_history (incident_id, at, id);

create table crisis_settings (
  project_id bigint primary key references projects (id) on delete cascade,
  sensitivity text not null check (sensitivity in ('low', 'medium', 'high')),
  min_volume integer not null check (min_volume >= 1),
  cooldown_hours integer not null check (cooldown_hours >= 1),
  resolve_hours integer not null check (resolve_hours >= 1),
  enabled boolean not null default true,
  updated_at timestamptz not null
);

-- Up to which hour detection has judged each project; the row is locked while a worker scans the project.
create table crisis_scans (
  project_id bigint primary key references projects (id) on delete cascade,
  scanned_until timestamptz not null
);
