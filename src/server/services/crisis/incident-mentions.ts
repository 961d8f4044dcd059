import type { IncidentMentionsQuery } from "../../../shared/schemas/incident.ts";
import type { Deps } from "../../deps.ts";
import type { AuthUser } from "../auth/index.ts";
import { listMentions } from "../mentions/index.ts";
import { crisisFilters, crisisViewer } from "./crisis-mentions.ts";
import { findIncident } from "../incident-lookup/index.ts";

/** One page (20) of the crisis's mentions, newest first, with the list's search and sentiment filters. */
export async function incidentMentions(deps: Deps, user: AuthUser, query: typeof IncidentMentionsQuery.infer) {
  const incident = await findIncident(deps, user, query.id, query.project_id);
  const filters = await crisisFilters(deps.db, incident, await crisisViewer(deps, user), deps.now(), {
    search: query.search?.trim() || null,
    sentiments: query.sentiment_ids?.length ? query.sentiment_ids : null,
    page: query.page ?? 1,
    sort: "time",
    group: "mention",
  });
  return listMentions(deps.db, filters);
}
