import { CHANNELS } from "../../../shared/channels.ts";
import { granularityFor, previousRange } from "../../../shared/time-range.ts";
import type { Filters } from "../mention-query/index.ts";
import { incidentWindow } from "../incident-lookup/index.ts";

/** An incident's window as dashboard filters: its project, from its start to its end (or the current hour's end). */
export function incidentFilters(
  incident: { project_id: number; started_at: Date; ended_at: Date | null },
  now: Date,
  overrides: Partial<Filters> = {},
): Filters {
  const range = incidentWindow(incident, now);
  return {
    projectIds: [incident.project_id],
    range,
    now,
    previous: previousRange(range),
    granularity: granularityFor(range),
    channels: CHANNELS.map((c) => c.id),
    sentiments: null,
    mentionType: null,
    status: null,
    ecommerce: null,
    subBrand: null,
    service: null,
    search: null,
    incident: null,
    author: null,
    province: null,
    story: null,
    source: null,
    hideNoise: true,
    page: 1,
    sort: "time",
    limit: 10,
    group: "mention",
    ...overrides,
  };
}
