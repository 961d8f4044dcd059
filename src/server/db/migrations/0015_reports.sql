-- The language the account's reports are written in; set from the notification screen.
alter table users add column language text not null default 'vi' check (language in ('vi', 'en'));

-- One row per report owed to a project for a period (docs/reports.md). The unique index is what makes a scheduled
-- report go out once per (project, frequency, period) whatever the number of workers; only a staff-forced resend adds
-- a second row for the same period.
create table report_deliveries (
  id bigint generated always as identity primary key,
  project_id bigint not null references projects (id) on delete cascade,
  user_id bigint not null references users (id) on delete cascade,
  frequency text not null check (frequency in ('daily', 'weekly', 'monthly', 'annual')),
  period_start date not null,
  -- The period's last day, included.
  period_end date not null,
  due_at timestamptz not null,
  reason text not null check (reason in ('schedule', 'catch-up', 'staff', 'staff-forced')),
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed', 'cancelled')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null,
  -- A worker holds a delivery while it sends; another may take it over only once the lease has run out.
  lease_owner text,
  lease_until timestamptz,
  last_error text,
  short_code text not null unique,
  created_at timestamptz not null,
  sent_at timestamptz
);
create unique index report_deliveries_once on report_deliveries (project_id, frequency, period_start) where reason <> 'staff-forced';
create index report_deliveries_due_idx on report_deliveries (next_attempt_at) where status = 'pending';
create index report_deliveries_project_idx on report_deliveries (project_id, created_at desc);

-- Up to when the scheduler has planned the reports that fell due: the gap to now after a downtime is the catch-up.
create table report_schedule (
  id boolean primary key default true check (id),
  planned_until timestamptz not null
);

-- Each attempt to reach one recipient of a report is an outbox message of that delivery.
alter table outbox_messages add column report_delivery_id bigint references report_deliveries (id) on delete set null;
create index outbox_messages_delivery_idx on outbox_messages (report_delivery_id) where report_delivery_id is not null;
