-- Less work per ingested document (docs/scale.md, "What we measured": "Ingest, lighter").

-- The trigram index on the pool's text was the costliest index of the ingest (about three quarters of a document's
-- insert) and served one reader: the scan for a new project's mentions of the last 30 days, which now reads those
-- days by publication time (services/projects/scan-data.ts). Search reads the mentions' own terms (migration 0022).
drop index documents_search_trgm_idx;

-- The same counts as in migration 0014, aggregated in one pass by grouping sets instead of nine copies of every row:
-- each attribute has its own grouping, so a row's values are no longer multiplied before they are summed. Ordered
-- bytewise: any stable order keeps row locks in the same order across writers, and this one costs no collation.
create or replace function audience_counts_add(added audience_monthly[], removed audience_monthly[]) returns void language sql as $fn$
  insert into audience_counts (project_id, sample, month, channel, dim, value, authors, mentions, interactions, followers, followers_known)
  select * from (
    select c.project_id, c.sample, c.month, c.channel,
      case
        when grouping(c.age) = 0 then 'age' when grouping(c.job) = 0 then 'job' when grouping(c.province) = 0 then 'province'
        when grouping(c.new) = 0 then 'new' when grouping(c.positive) = 0 then 'positive' when grouping(c.neutral) = 0 then 'neutral'
        when grouping(c.negative) = 0 then 'negative' when grouping(c.multi) = 0 then 'multi' else 'all'
      end as dim,
      coalesce(c.age, c.job, c.province, c.new, c.positive, c.neutral, c.negative, c.multi, '') as value,
      sum(c.sign) as authors, sum(c.sign * c.mentions) as mentions, sum(c.sign * c.interactions) as interactions,
      sum(c.sign * coalesce(c.followers, 0)) as followers, sum(c.sign * (c.followers is not null)::int) as followers_known
    from (
      select r.sign, r.project_id, r.sample, r.month, r.channel, r.mentions, r.interactions, r.followers,
        coalesce(r.age_range, '') as age, coalesce(r.job, '') as job, coalesce(r.province, '') as province,
        (r.first_month >= r.month)::int::text as new, (r.positive > 0)::int::text as positive,
        (r.neutral > 0)::int::text as neutral, (r.negative > 0)::int::text as negative, (r.channels > 1)::int::text as multi
      from (
        select 1 as sign, a.* from unnest(added) a
        union all
        select -1 as sign, r.* from unnest(removed) r
      ) r
    ) c
    -- Outside its own grouping an attribute is null, so the first non-null one is the grouping's value.
    group by c.project_id, c.sample, c.month, c.channel,
      grouping sets ((), (c.age), (c.job), (c.province), (c.new), (c.positive), (c.neutral), (c.negative), (c.multi))
    having sum(c.sign) <> 0 or sum(c.sign * c.mentions) <> 0 or sum(c.sign * c.interactions) <> 0
      or sum(c.sign * coalesce(c.followers, 0)) <> 0 or sum(c.sign * (c.followers is not null)::int) <> 0
  ) s
  order by s.project_id, s.sample, s.month, s.channel, s.dim collate "C", s.value collate "C"
  on conflict (project_id, sample, month, channel, dim, value) do update set
    authors = audience_counts.authors + excluded.authors,
    mentions = audience_counts.mentions + excluded.mentions,
    interactions = audience_counts.interactions + excluded.interactions,
    followers = audience_counts.followers + excluded.followers,
    followers_known = audience_counts.followers_known + excluded.followers_known
$fn$;

-- The counters' own upkeep of audience_monthly (services/ingest/audience-rollups.ts) adds its rows' counts itself,
-- from the rows its statement returns, and says so for that statement alone; every other change still goes through
-- the triggers.
create or replace function audience_counts_on_insert() returns trigger language plpgsql as $fn$
begin
  if current_setting('nghe.audience_counts_by_caller', true) = 'on' then return null; end if;
  perform audience_counts_add(array(select n::audience_monthly from new_rows n), '{}'::audience_monthly[]);
  return null;
end
$fn$;
create or replace function audience_counts_on_update() returns trigger language plpgsql as $fn$
begin
  if current_setting('nghe.audience_counts_by_caller', true) = 'on' then return null; end if;
  perform audience_counts_add(array(select n::audience_monthly from new_rows n), array(select o::audience_monthly from old_rows o));
  return null;
end
$fn$;

-- Every batch adds to the same counter rows, and no index holds the columns it changes: with room left on each page,
-- the new row version stays on its page (a HOT update) and no index entry is written for it.
alter table audience_counts set (fillfactor = 70);
alter table mention_rollups_hourly set (fillfactor = 70);
alter table mention_sources_daily set (fillfactor = 70);
