import type { Selectable } from "kysely";
import type { IncidentsTable } from "../../db/schema.ts";
import type { IncidentViewSchema, IncidentDrivers } from "../../../shared/schemas/incident-answers.ts";

/** An incident as the API answers it. */
export function incidentView(row: Selectable<IncidentsTable>): typeof IncidentViewSchema.infer {
  return {
    id: row.id,
    project_id: row.project_id,
    title: row.title,
    description: row.description,
    start_date: row.started_at,
    end_date: row.ended_at,
    status: row.status,
    severity: row.severity,
    origin: row.origin,
    review: row.review,
    merged_into_id: row.merged_into_id,
    peak_count: row.peak_count,
    baseline_count: row.baseline_count,
    peak_z: row.peak_z,
    drivers: row.drivers as IncidentDrivers,
    story_id: row.story_id,
    last_alert_at: row.last_alert_at,
  };
}
