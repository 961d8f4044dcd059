-- A catalogue entry only its own account sees: the demo project's fictional brand is an entry of its industry (not
-- 'Khác'), while no customer finds it in the list or can choose it.
alter table brands add column demo boolean not null default false;
