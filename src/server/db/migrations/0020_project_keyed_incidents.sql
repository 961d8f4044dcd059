-- The incident tables keyed by project first, and every link to an incident made through (project_id, id): the Citus
-- rules of docs/scale.md, checked by tests/architecture/citus-rules.test.ts.
alter table incident_solutions add column project_id bigint;
update incident_solutions s set project_id = i.project_id from incidents i where i.id = s.incident_id;
alter table incident_solutions alter column project_id set not null;
alter table incident_history add column project_id bigint;
update incident_history h set project_id = i.project_id from incidents i where i.id = h.incident_id;
alter table incident_history alter column project_id set not null;

alter table incident_mentions drop constraint incident_mentions_incident_id_fkey;
alter table incident_solutions drop constraint incident_solutions_incident_id_fkey;
alter table incident_history drop constraint incident_history_incident_id_fkey;
alter table incidents drop constraint incidents_merged_into_id_fkey;
alter table incidents drop constraint incidents_pkey;
alter table incidents add primary key (project_id, id);
-- An incident is looked up by its id alone (the API's paths): an index, not a unique key.
create index incidents_id_idx on incidents (id);
alter table incidents add foreign key (project_id, merged_into_id) references incidents (project_id, id) on delete set null (merged_into_id);
alter table incident_mentions add foreign key (project_id, incident_id) references incidents (project_id, id) on delete cascade;

alter table incident_solutions drop constraint incident_solutions_pkey;
alter table incident_solutions add primary key (project_id, id);
alter table incident_solutions add foreign key (project_id, incident_id) references incidents (project_id, id) on delete cascade;
alter table incident_history drop constraint incident_history_pkey;
alter table incident_history add primary key (project_id, id);
alter table incident_history add foreign key (project_id, incident_id) references incidents (project_id, id) on delete cascade;
