import type { Deps } from "../../deps.ts";
import type { AuthUser } from "../auth/index.ts";
import { countCrisisMentions, crisisViewer } from "./crisis-mentions.ts";
import { readCrisisSettings } from "./crisis-settings.ts";
import { findIncident } from "../incident-lookup/index.ts";
import { incidentView } from "./incident-view.ts";
import type { IncidentDetailSchema } from "../../../shared/schemas/incident-answers.ts";

/** One incident with its mention count (the crisis's mentions) and its project's detection settings. */
export async function showIncident(deps: Deps, user: AuthUser, id: number, projectId?: number): Promise<typeof IncidentDetailSchema.infer> {
  const incident = await findIncident(deps, user, id, projectId);
  const [count, settings, project] = await Promise.all([
    countCrisisMentions(deps.db, incident, await crisisViewer(deps, user), deps.now()),
    readCrisisSettings(deps.db, incident.project_id),
    deps.db.selectFrom("projects").select("name").where("id", "=", incident.project_id).executeTakeFirstOrThrow(),
  ]);
  return { ...incidentView(incident), total_mention: count, project_name: project.name, settings };
}
