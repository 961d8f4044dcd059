import type { Deps } from "../../deps.ts";
import type { AuthUser } from "../auth/index.ts";
import { findIncident } from "../incident-lookup/index.ts";
import type { IncidentChangeSchema } from "../../../shared/schemas/incident-answers.ts";

/** Every change of an incident, oldest first: who (null: the detector), when, what, old → new. */
export async function incidentHistory(deps: Deps, user: AuthUser, incidentId: number): Promise<(typeof IncidentChangeSchema.infer)[]> {
  await findIncident(deps, user, incidentId);
  return deps.db
    .selectFrom("incident_history as h")
    .leftJoin("users as u", "u.id", "h.user_id")
    .select(["h.id", "h.at", "h.field", "h.old_value", "h.new_value", "h.user_id", "u.full_name as user_name"])
    .where("h.incident_id", "=", incidentId)
    .orderBy("h.at")
    .orderBy("h.id")
    .execute();
}
