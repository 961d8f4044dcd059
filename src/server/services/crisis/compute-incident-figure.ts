import type { IncidentQuery } from "../../../shared/schemas/incident.ts";
import type { Deps } from "../../deps.ts";
import type { AuthUser } from "../auth/index.ts";
import { crisisFilters, crisisViewer } from "./crisis-mentions.ts";
import { findIncident } from "../incident-lookup/index.ts";
import type { IncidentFigure } from "./incident-figures.ts";

/** Finds the caller's incident and computes a figure over the crisis's mentions. */
export async function computeIncidentFigure(
  deps: Deps,
  user: AuthUser,
  query: typeof IncidentQuery.infer,
  figure: IncidentFigure,
): Promise<unknown> {
  const incident = await findIncident(deps, user, query.id, query.project_id);
  const filters = await crisisFilters(deps.db, incident, await crisisViewer(deps, user), deps.now(), { limit: query.limit ?? 10 });
  return figure(deps.db, filters);
}
