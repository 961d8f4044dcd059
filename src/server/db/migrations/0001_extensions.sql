create extension if not exists pg_trgm;
create extension if not exists unaccent;

-- unaccent() is only STABLE; an IMMUTABLE wrapper with a fixed dictionary lets indexes use it.
create or replace function immutable_unaccent(text) returns text
  language sql immutable parallel safe strict
  as $$ select public.unaccent('public.unaccent'::regdictionary, $1) $$;
