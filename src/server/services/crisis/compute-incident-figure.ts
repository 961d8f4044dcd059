import { ACCOUNT_TYPE } from "../../../shared/account.ts";
import { IncidentQuery } from "../../../shared/schemas/incident.ts";
import { parseOrThrow } from "../../errors.ts";
import type { Deps } from "../../deps.ts";
import type { AuthUser } from "../auth/auth-user.ts";
import { userChannelIds } from "../users/user-view.ts";
import { findIncident } from "./find-incident.ts";
import { incidentFilters } from "./incident-filters.ts";
import type { IncidentFigure } from "./incident-figures.ts";

/** Validates `id` (and `project_id`), finds the caller's incident and computes a figure over its window and channels. */
export async function computeIncidentFigure(
  deps: Deps,
  user: AuthUser,
  rawQuery: Record<string, string>,
  figure: IncidentFigure,
): Promise<unknown> {
  const query = parseOrThrow(IncidentQuery, rawQuery);
  const incident = await findIncident(deps, user, query.id, query.project_id);
  const filters = incidentFilters(incident, deps.now(), {
    channels: await userChannelIds(deps.db, user.id),
    hideNoise: user.accountType !== ACCOUNT_TYPE.contracted,
    limit: query.limit ?? 10,
  });
  return figure(deps.db, filters, incident);
}
