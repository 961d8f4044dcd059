-- "Done" (status 1) is a person's decision; the detector only says when a surge ended (ended_at). The one detected
-- incident a project may have open is the one still surging, whatever its handling status.
drop index incidents_one_open;
create unique index incidents_one_surging on incidents (project_id) where ended_at is null and origin = 'detected' and merged_into_id is null;
