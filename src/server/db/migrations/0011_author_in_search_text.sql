-- Search covers the author as well as title and content, in one trigram-indexed text, so a search can use the index
-- instead of also testing every author name. Same shape as searchKey(): unaccented, lower case, punctuation as spaces.
update documents
  set search_text = trim(search_text || ' ' || trim(regexp_replace(lower(immutable_unaccent(author_name)), '[^a-z0-9]+', ' ', 'g')))
  where author_name is not null;
