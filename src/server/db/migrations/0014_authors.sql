-- Authors as records of their own: one per platform and identity (the platform's id, else the normalized profile link,
-- else the byline) within a scope, exactly like documents: account_id null is the public pool, else one account's
-- private data, so an author seen only in one account's documents exists only for that account.
create table authors (
  id bigint generated always as identity primary key,
  account_id bigint,
  platform text not null,
  author_key text not null,
  external_id text,
  name text,
  url text,
  followers integer,
  age_range text,
  job text,
  job_category text,
  location text,
  province text,
  -- The publication time of the newest document whose profile is kept.
  profile_at timestamptz not null,
  first_seen_at timestamptz not null,
  last_seen_at timestamptz not null,
  -- The generated authors of the sample audience that trial accounts see (spec §1); never linked to a document.
  is_sample boolean not null default false
);
create unique index authors_scope_key on authors (platform, author_key, coalesce(account_id, 0));

alter table documents add column author_ref bigint;

-- Mentions per project x Vietnam-time month x channel x author, kept exact with the mentions (services/ingest/
-- audience-rollups.ts); channel 0 holds each author's row over all channels. The audience screen offers only this month
-- and last month (spec §2), so a month is the unit. The author's followers, age, job category and province are copied
-- in, so that a figure reads this table (or the counts below) alone.
create table audience_monthly (
  project_id bigint not null,
  sample boolean not null default false,
  month timestamptz not null,
  channel smallint not null,
  author_id bigint not null,
  mentions integer not null,
  positive integer not null,
  neutral integer not null,
  negative integer not null,
  interactions bigint not null,
  followers integer,
  age_range text,
  job text,
  province text,
  first_month timestamptz not null,
  -- On an author's all-channel row: in how many channels the author spoke that month (1 on a channel's own row).
  channels smallint not null default 1,
  primary key (project_id, sample, month, channel, author_id)
);
create index audience_monthly_author_idx on audience_monthly (author_id, project_id);
-- The top authors by each ranking, read straight off an index.
create index audience_monthly_mentions_idx on audience_monthly (project_id, sample, month, channel, mentions desc, interactions desc, author_id);
create index audience_monthly_interactions_idx on audience_monthly (project_id, sample, month, channel, interactions desc, mentions desc, author_id);
create index audience_monthly_followers_idx on audience_monthly (project_id, sample, month, channel, followers desc nulls last, mentions desc, author_id);

-- Authors (and their mentions, interactions, followers) per project, month and channel (0 = all) for each value of
-- each attribute ('' = unknown): a month of 100,000 authors is then a few dozen rows to read. Kept by the triggers
-- below from every change of audience_monthly, whatever makes it, so the two never disagree.
create table audience_counts (
  project_id bigint not null,
  sample boolean not null,
  month timestamptz not null,
  channel smallint not null,
  -- all | age | job | province | new (first month of the project: 1/0) | positive, neutral, negative (has one: 1/0)
  -- | multi (spoke in several channels: 1/0; when no author did, the channels' counts add up for any set of them)
  dim text not null,
  value text not null,
  authors integer not null,
  mentions bigint not null,
  interactions bigint not null,
  followers bigint not null,
  followers_known integer not null,
  primary key (project_id, sample, month, channel, dim, value)
);

-- Adds the rows `added` and takes away the rows `removed`, expanded into attribute values the same way as
-- services/audience/audience-tallies.ts does for the filters the counts cannot answer.
create function audience_counts_add(added audience_monthly[], removed audience_monthly[]) returns void language sql as $fn$
  insert into audience_counts (project_id, sample, month, channel, dim, value, authors, mentions, interactions, followers, followers_known)
    select c.project_id, c.sample, c.month, c.channel, d.dim, d.value, sum(c.sign), sum(c.sign * c.mentions), sum(c.sign * c.interactions),
      sum(c.sign * coalesce(c.followers, 0)), sum(c.sign * (c.followers is not null)::int)
    from (
      select 1 as sign, a.* from unnest(added) a
      union all
      select -1 as sign, r.* from unnest(removed) r
    ) c
    cross join lateral (values
      ('all', ''), ('age', coalesce(c.age_range, '')), ('job', coalesce(c.job, '')), ('province', coalesce(c.province, '')),
      ('new', (c.first_month >= c.month)::int::text), ('positive', (c.positive > 0)::int::text),
      ('neutral', (c.neutral > 0)::int::text), ('negative', (c.negative > 0)::int::text), ('multi', (c.channels > 1)::int::text)
    ) as d (dim, value)
    group by 1, 2, 3, 4, 5, 6
    having sum(c.sign) <> 0 or sum(c.sign * c.mentions) <> 0 or sum(c.sign * c.interactions) <> 0
      or sum(c.sign * coalesce(c.followers, 0)) <> 0 or sum(c.sign * (c.followers is not null)::int) <> 0
    -- A stable order of row locks across concurrent writers.
    order by 1, 2, 3, 4, 5, 6
  on conflict (project_id, sample, month, channel, dim, value) do update set
    authors = audience_counts.authors + excluded.authors,
    mentions = audience_counts.mentions + excluded.mentions,
    interactions = audience_counts.interactions + excluded.interactions,
    followers = audience_counts.followers + excluded.followers,
    followers_known = audience_counts.followers_known + excluded.followers_known
$fn$;

create function audience_counts_on_insert() returns trigger language plpgsql as $fn$
begin
  perform audience_counts_add(array(select n::audience_monthly from new_rows n), '{}'::audience_monthly[]);
  return null;
end
$fn$;
create function audience_counts_on_update() returns trigger language plpgsql as $fn$
begin
  perform audience_counts_add(array(select n::audience_monthly from new_rows n), array(select o::audience_monthly from old_rows o));
  return null;
end
$fn$;
create function audience_counts_on_delete() returns trigger language plpgsql as $fn$
begin
  perform audience_counts_add('{}'::audience_monthly[], array(select o::audience_monthly from old_rows o));
  return null;
end
$fn$;
create trigger audience_counts_insert after insert on audience_monthly referencing new table as new_rows
  for each statement execute function audience_counts_on_insert();
create trigger audience_counts_update after update on audience_monthly referencing old table as old_rows new table as new_rows
  for each statement execute function audience_counts_on_update();
create trigger audience_counts_delete after delete on audience_monthly referencing old table as old_rows
  for each statement execute function audience_counts_on_delete();

-- The project months whose sample audience has been generated.
create table audience_samples (
  project_id bigint not null,
  month timestamptz not null,
  created_at timestamptz not null,
  primary key (project_id, month)
);

-- Backfill: the same keys as authorKey() in services/ingest/author-profile.ts, in SQL.
create temporary table document_authors on commit drop as
  select d.id, d.account_id, d.platform, d.published_at,
    case
      when nullif(d.author_id, '') is not null then 'id:' || d.author_id
      when u.parts is not null then 'url:' || lower(u.parts[1]) || regexp_replace(u.parts[2], '/+$', '') || coalesce(u.parts[3], '')
      when nullif(d.author_name, '') is not null then 'name:' || regexp_replace(d.author_name, '[ \t\r\n]+', ' ', 'g')
    end as author_key,
    nullif(d.author_id, '') as external_id, nullif(d.author_name, '') as name, d.author_url as url, d.author_followers as followers,
    d.author_age_range as age_range, nullif(d.author_job, '') as job, d.author_province as province
  from documents d
  left join lateral (select regexp_match(d.author_url, '^https?://(?:www\.|m\.)?([^/?#]+)([^?#]*)(\?[^#]*)?', 'i') as parts) u on true;

-- Each field from the newest document that has it.
insert into authors (account_id, platform, author_key, external_id, name, url, followers, age_range, job, province, profile_at, first_seen_at, last_seen_at)
  select account_id, platform, author_key,
    (array_agg(external_id order by published_at desc, id desc) filter (where external_id is not null))[1],
    (array_agg(name order by published_at desc, id desc) filter (where name is not null))[1],
    (array_agg(url order by published_at desc, id desc) filter (where url is not null))[1],
    (array_agg(followers order by published_at desc, id desc) filter (where followers is not null))[1],
    (array_agg(age_range order by published_at desc, id desc) filter (where age_range is not null))[1],
    (array_agg(job order by published_at desc, id desc) filter (where job is not null))[1],
    (array_agg(province order by published_at desc, id desc) filter (where province is not null))[1],
    max(published_at), min(published_at), max(published_at)
  from document_authors where author_key is not null
  group by account_id, platform, author_key;

-- The job categories of jobCategory() in server/nlp/job.ts (the first matching category wins), in SQL.
update authors set job_category = c.category
  from (
    select id, case
      when k = '  ' then null
    when k like any (array['% sinh vien %', '% hoc sinh %', '% nghien cuu sinh %', '% hoc vien %', '% student %', '% pupil %']) then 'student'
    when k like any (array['% bac si %', '% y ta %', '% y si %', '% duoc si %', '% dieu duong %', '% ho sinh %', '% y te %', '% doctor %', '% nurse %', '% pharmacist %', '% dentist %', '% nha si %']) then 'healthcare'
    when k like any (array['% giao vien %', '% giang vien %', '% co giao %', '% thay giao %', '% giao su %', '% teacher %', '% lecturer %', '% professor %', '% tutor %', '% gia su %']) then 'teacher'
    when k like any (array['% ky su %', '% lap trinh %', '% developer %', '% engineer %', '% it %', '% ky thuat vien %', '% programmer %', '% software %', '% kien truc su %', '% architect %']) then 'engineer_it'
    when k like any (array['% cong chuc %', '% vien chuc %', '% can bo %', '% cong an %', '% bo doi %', '% quan doi %', '% civil servant %', '% government %', '% police %', '% soldier %']) then 'civil_servant'
    when k like any (array['% nghi huu %', '% huu tri %', '% retired %', '% retiree %']) then 'retired'
    when k like any (array['% noi tro %', '% o nha %', '% me bim %', '% homemaker %', '% housewife %', '% stay at home %']) then 'homemaker'
    when k like any (array['% nong dan %', '% lam nong %', '% lam ruong %', '% chan nuoi %', '% farmer %', '% ngu dan %']) then 'farmer'
    when k like any (array['% cong nhan %', '% tho %', '% lao dong %', '% tai xe %', '% lai xe %', '% shipper %', '% worker %', '% driver %', '% factory %']) then 'worker'
    when k like any (array['% kol %', '% koc %', '% influencer %', '% youtuber %', '% tiktoker %', '% blogger %', '% vlogger %', '% streamer %', '% content creator %', '% sang tao noi dung %']) then 'creator'
    when k like any (array['% tu do %', '% freelancer %', '% freelance %', '% self employed %']) then 'freelancer'
    when k like any (array['% nhan vien %', '% van phong %', '% ke toan %', '% thu ky %', '% nhan su %', '% marketing %', '% hanh chinh %', '% office %', '% accountant %', '% employee %', '% staff %', '% clerk %']) then 'office_worker'
    when k like any (array['% kinh doanh %', '% chu doanh nghiep %', '% doanh nhan %', '% chu cua hang %', '% chu shop %', '% buon ban %', '% ban hang %', '% tieu thuong %', '% giam doc %', '% ceo %', '% founder %', '% business %', '% entrepreneur %', '% shop owner %', '% owner %']) then 'business_owner'
      else 'other'
    end as category
    from (select id, ' ' || trim(regexp_replace(lower(immutable_unaccent(job)), '[^a-z0-9]+', ' ', 'g')) || ' ' as k from authors where job is not null) keyed
  ) c
  where c.id = authors.id;

update documents d set author_ref = a.id
  from document_authors k
  join authors a on a.platform = k.platform and a.author_key = k.author_key and coalesce(a.account_id, 0) = coalesce(k.account_id, 0)
  where d.id = k.id;

-- The Vietnam-time month is computed on UTC wall-clock time, whatever the session's time zone.
create temporary table mention_authors on commit drop as
  select m.project_id, (date_trunc('month', (m.published_at at time zone 'UTC') + interval '7 hours') - interval '7 hours') at time zone 'UTC' as month,
    m.channel, d.author_ref as author_id, m.sentiment, d.likes + d.shares + d.comments as interactions
  from mentions m join documents d on d.id = m.document_id
  where d.author_ref is not null;
insert into audience_monthly (project_id, sample, month, channel, author_id, mentions, positive, neutral, negative, interactions,
    followers, age_range, job, province, first_month, channels)
  select x.project_id, false, x.month, coalesce(x.channel, 0), a.id, x.mentions, x.positive, x.neutral, x.negative, x.interactions,
    a.followers, a.age_range, a.job_category, a.province, f.first, x.channels
  from (
    select project_id, month, channel, author_id, count(*) as mentions, count(*) filter (where sentiment = 1) as positive,
      count(*) filter (where sentiment = 0) as neutral, count(*) filter (where sentiment = 2) as negative, sum(interactions) as interactions,
      count(distinct channel) as channels
    from mention_authors group by grouping sets ((project_id, month, channel, author_id), (project_id, month, author_id))
  ) x
  join (select project_id, author_id, min(month) as first from mention_authors group by 1, 2) f on f.project_id = x.project_id and f.author_id = x.author_id
  join authors a on a.id = x.author_id;
