-- A distributed table's primary key holds its distribution column (the Citus rules of docs/scale.md, checked by
-- tests/architecture/citus-rules.test.ts): the edit log, its audit rows and the labelled corrections are keyed by
-- project first. Every read of them already names the project.
alter table mention_edits drop constraint mention_edits_pkey;
alter table mention_edits add primary key (project_id, id);
alter table mention_audit drop constraint mention_audit_pkey;
alter table mention_audit add primary key (project_id, id);
alter table sentiment_corrections drop constraint sentiment_corrections_pkey;
alter table sentiment_corrections add primary key (project_id, id);
-- The primary key serves what this index did.
drop index sentiment_corrections_project_idx;
-- An incident's attached mentions, keyed by project first too; reads by incident keep their own index.
alter table incident_mentions drop constraint incident_mentions_pkey;
alter table incident_mentions add primary key (project_id, incident_id, document_id);
create index incident_mentions_incident_idx on incident_mentions (incident_id);
