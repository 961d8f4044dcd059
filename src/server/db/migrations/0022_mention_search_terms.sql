-- Project-scoped search (docs/scale.md, "Search"): each mention carries the words of its document's search text and
-- every pair of adjacent words, hashed with the project as the seed, under a GIN index. A search of one word looks up
-- that word, a phrase its pairs, so the index hands back only the project's mentions that hold them: a common word
-- costs what the project's matches cost, never the whole pool's, and the document side is not read at all for one or
-- two words. The texts never change after ingest (only their interaction counts do), so neither do the terms.

-- A loop rather than one SQL statement: four times faster at ingest, where it runs once per new mention.
create function mention_search_terms(project bigint, search_text text) returns bigint[]
  language plpgsql immutable strict parallel safe
  as $$
    declare
      words text[] := string_to_array(search_text, ' ');
      terms bigint[] := '{}';
    begin
      for i in 1 .. coalesce(cardinality(words), 0) loop
        terms := terms || hashtextextended(words[i], project);
        if i < cardinality(words) then
          terms := terms || hashtextextended(words[i] || ' ' || words[i + 1], project);
        end if;
      end loop;
      return array(select distinct unnest(terms));
    end
  $$;

-- What a search text (already in search-text form: unaccented, lower case, words apart by one space) must find among
-- a mention's terms: its one word, or each pair of its adjacent words.
create function search_phrase_terms(project bigint, phrase text) returns bigint[]
  language sql immutable strict parallel safe
  as $$
    select case
      when cardinality(words) = 1 then array[hashtextextended(words[1], project)]
      else array(select hashtextextended(words[i] || ' ' || words[i + 1], project) from generate_series(1, cardinality(words) - 1) as i)
    end
    from (select string_to_array(phrase, ' ') as words) as s
  $$;

alter table mentions add column search_terms bigint[] not null default '{}';
update mentions m set search_terms = mention_search_terms(m.project_id, d.search_text) from documents d where d.id = m.document_id;
create index mentions_search_terms_idx on mentions using gin (search_terms);
