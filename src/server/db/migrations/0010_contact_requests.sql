-- Advice requests from the landing page's contact form; sales reads them by e-mail and staff with `nghe contact list`.
create table contact_requests (
  id bigint generated always as identity primary key,
  full_name text not null,
  phone text not null,
  email text not null,
  company text not null,
  message text not null,
  lang text not null check (lang in ('vi', 'en')),
  ip text not null,
  created_at timestamptz not null
);
create index contact_requests_created_idx on contact_requests (created_at desc);

-- Server failures (status 500 and above) seen by browsers, reported by the API client.
create table client_errors (
  id bigint generated always as identity primary key,
  status smallint not null,
  url text not null,
  message text not null,
  page text not null,
  user_agent text not null,
  ip text not null,
  created_at timestamptz not null
);
create index client_errors_created_idx on client_errors (created_at desc);
