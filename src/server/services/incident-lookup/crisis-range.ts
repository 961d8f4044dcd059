import { sql, type Kysely, type Transaction } from "kysely";
import type { TimeRange } from "../../../shared/time-range.ts";
import type { Database } from "../../db/schema.ts";

const HOUR_MS = 3_600_000;

type Incident = { id: number; project_id: number; started_at: Date; ended_at: Date | null };

/** An incident's window: from its start to its end (or the current hour's end), at least an hour. */
export function incidentWindow(incident: Pick<Incident, "started_at" | "ended_at">, now: Date): TimeRange {
  const end = incident.ended_at ?? new Date(Math.ceil((now.getTime() + 1) / HOUR_MS) * HOUR_MS);
  return { start: incident.started_at, end: end > incident.started_at ? end : new Date(incident.started_at.getTime() + HOUR_MS) };
}

/**
 * The period of a crisis's mentions: the incident's window widened to the hours of every attached mention, so a mention
 * attached from the hours before the surge still counts and charts.
 */
export async function crisisRange(db: Kysely<Database> | Transaction<Database>, incident: Incident, now: Date): Promise<TimeRange> {
  const window = incidentWindow(incident, now);
  const span = await db
    .selectFrom("incident_mentions as im")
    .innerJoin("mentions as m", (j) => j.onRef("m.project_id", "=", "im.project_id").onRef("m.document_id", "=", "im.document_id"))
    .select([sql<Date | null>`min(m.published_at)`.as("first"), sql<Date | null>`max(m.published_at)`.as("last")])
    .where("im.project_id", "=", incident.project_id)
    .where("im.incident_id", "=", incident.id)
    .executeTakeFirst();
  const first = span?.first ? Math.floor(new Date(span.first).getTime() / HOUR_MS) * HOUR_MS : window.start.getTime();
  const last = span?.last ? (Math.floor(new Date(span.last).getTime() / HOUR_MS) + 1) * HOUR_MS : window.end.getTime();
  return { start: new Date(Math.min(window.start.getTime(), first)), end: new Date(Math.max(window.end.getTime(), last)) };
}
