import type { Kysely, Transaction } from "kysely";
import { ACCOUNT_TYPE } from "../../../shared/account.ts";
import { CHANNELS } from "../../../shared/channels.ts";
import { granularityFor, previousRange } from "../../../shared/time-range.ts";
import type { Database } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import type { AuthUser } from "../auth/index.ts";
import { countersBy, type Filters } from "../mention-query/index.ts";
import { userChannelIds } from "../users/index.ts";
import { crisisRange } from "../incident-lookup/index.ts";
import { incidentFilters } from "./incident-filters.ts";

type Incident = { id: number; project_id: number; started_at: Date; ended_at: Date | null };
/** Which of a crisis's mentions a reader may see: the account's channels, and noise hidden for trial accounts (spec §1). */
type CrisisViewer = Pick<Filters, "channels" | "hideNoise">;

/** What the caller may see of a crisis's mentions. */
export async function crisisViewer(deps: Deps, user: AuthUser): Promise<CrisisViewer> {
  return { channels: await userChannelIds(deps.db, user.id), hideNoise: user.accountType !== ACCOUNT_TYPE.contracted };
}

/** The detector reads every mention it attached, noise included (a crisis spreads as reposts). */
export const DETECTOR_VIEWER: CrisisViewer = { channels: CHANNELS.map((c) => c.id), hideNoise: false };

/**
 * "The crisis's mentions", the one set every crisis figure counts (tiles, charts, lists, the related tab, the crisis
 * list's count, exports, reports): the mentions attached to the incident, by the detector for each anomalous hour or by
 * a person, as the viewer may see them. The period spans the incident and every attached mention, so a mention attached
 * from the hours before the surge still counts and charts; the project's other mentions of those days are a different
 * set, which only the "find more to attach" tab shows, under its own name.
 */
export async function crisisFilters(
  db: Kysely<Database> | Transaction<Database>,
  incident: Incident,
  viewer: CrisisViewer,
  now: Date,
  overrides: Partial<Filters> = {},
): Promise<Filters> {
  const range = await crisisRange(db, incident, now);
  return incidentFilters(incident, now, {
    range,
    previous: previousRange(range),
    granularity: granularityFor(range),
    incident: incident.id,
    ...viewer,
    ...overrides,
  });
}

/** How many mentions the crisis holds for the viewer (the total of every figure above). */
export async function countCrisisMentions(db: Kysely<Database>, incident: Incident, viewer: CrisisViewer, now: Date): Promise<number> {
  const filters = await crisisFilters(db, incident, viewer, now);
  const [row] = await countersBy(db, filters, filters.range, null);
  return row?.total_mention ?? 0;
}
