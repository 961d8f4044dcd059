-- Whose a document is: null is the public pool (built-in collectors, the staff clippings import, pool API keys), else
-- the one account whose own API key delivered it. An account's documents reach only that account's projects.
-- Nothing recorded which key delivered the rows already here, so they all stay in the pool.
alter table documents add column account_id bigint;

-- De-duplication happens inside a scope, so a key can never find, let alone update, another scope's document.
alter table documents drop constraint documents_dedup_key_key;
create unique index documents_scope_dedup_key on documents (dedup_key, coalesce(account_id, 0));

-- A key without an account feeds the public pool: staff create those for partner crawlers of public content.
alter table api_keys alter column user_id drop not null;
