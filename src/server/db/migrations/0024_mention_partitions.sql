-- Monthly partitions of the mentions (docs/scale.md, "Monthly partitions"): one partition per month in Vietnam time, so
-- a period's reads and a month's indexes stay the size of a month, and a month past the retention setting goes with a
-- DROP TABLE instead of a delete. The same on PGlite and PostgreSQL. A mention's published_at is its document's and
-- never changes, so the primary key may carry it: (project_id, document_id) stays unique.

-- The start of the month in Vietnam time (UTC+7, no daylight saving) that holds `at`.
create function mention_month(at timestamptz) returns timestamptz
  language sql immutable strict parallel safe
  as $$ select (date_trunc('month', (at at time zone 'UTC') + interval '7 hours') - interval '7 hours') at time zone 'UTC' $$;

create function mention_partition_name(month timestamptz) returns text
  language sql immutable strict parallel safe
  as $$ select 'mentions_' || to_char((mention_month(month) at time zone 'UTC') + interval '7 hours', 'YYYY_MM') $$;

-- Creates the partitions of the months holding `months` that do not exist yet, from two years back to a year ahead:
-- mentions outside (an app review from years ago, a date typed wrong) wait in the default partition rather than make
-- a partition each. Rows of a month already waiting there move into its new partition. Returns how many it created.
-- Two processes may call it at once: the lock makes the second find the first one's partitions.
create function ensure_mention_partitions(months timestamptz[]) returns integer
  language plpgsql
  as $$
    declare
      first timestamptz;
      next timestamptz;
      name text;
      created integer := 0;
    begin
      for first in
        select distinct mention_month(m) from unnest(months) as m
        where m >= now() - interval '2 years' and m < now() + interval '1 year' order by 1
      loop
        name := mention_partition_name(first);
        continue when to_regclass(name) is not null;
        perform pg_advisory_xact_lock(7446812);
        continue when to_regclass(name) is not null;
        next := mention_month(first + interval '32 days');
        if exists (select 1 from mentions_default where published_at >= first and published_at < next) then
          execute format('create table %I (like mentions including defaults including constraints)', name);
          execute format(
            'with moved as (delete from mentions_default where published_at >= %L and published_at < %L returning *) insert into %I select * from moved',
            first, next, name);
          execute format('alter table mentions attach partition %I for values from (%L) to (%L)', name, first, next);
        else
          execute format('create table %I partition of mentions for values from (%L) to (%L)', name, first, next);
        end if;
        created := created + 1;
      end loop;
      return created;
    end
  $$;

alter table mentions rename to mentions_unpartitioned;
create table mentions (like mentions_unpartitioned including defaults including constraints) partition by range (published_at);
create table mentions_default partition of mentions default;
-- The months that hold mentions, this month and the next.
select ensure_mention_partitions(
  array(select distinct mention_month(published_at) from mentions_unpartitioned) || array[now(), now() + interval '1 month']);
insert into mentions select * from mentions_unpartitioned;
drop table mentions_unpartitioned;

alter table mentions add constraint mentions_pkey primary key (project_id, document_id, published_at);
create index mentions_project_time_idx on mentions (project_id, published_at desc, document_id desc);
create index mentions_document_idx on mentions (document_id);
create index mentions_project_interactions_idx on mentions (project_id, interactions desc, published_at desc, document_id desc);
create index mentions_search_terms_idx on mentions using gin (search_terms);
