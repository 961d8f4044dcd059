import type { IncidentUpdateBody } from "../../../shared/schemas/incident.ts";
import { AppError } from "../../errors.ts";
import type { Deps } from "../../deps.ts";
import type { AuthUser } from "../auth/index.ts";
import { findIncident } from "../incident-lookup/index.ts";
import { incidentView } from "./incident-view.ts";
import { recordHistory, type Change } from "./record-history.ts";

const text = (v: Date | string | number | null) => (v instanceof Date ? v.toISOString() : v);

/**
 * Renames, describes, confirms, dismisses, closes or reopens an incident; every changed field goes to the history with
 * its old and new value. A dismissal is kept (the incident stays, marked dismissed, and closed), never deleted.
 */
export async function updateIncident(deps: Deps, user: AuthUser, input: typeof IncidentUpdateBody.infer) {
  const incident = await findIncident(deps, user, input.id);
  const now = deps.now();
  const next = {
    title: input.title ?? incident.title,
    description: input.description ?? incident.description,
    severity: input.severity ?? incident.severity,
    review: input.review ?? incident.review,
    status: input.review === "dismissed" ? 1 : (input.status ?? incident.status),
    ended_at: input.ended_at !== undefined ? input.ended_at : incident.ended_at,
  } as const;
  // A detected crisis's end is when its surge calmed, the detector's finding: a person may move it, never declare the
  // surge ongoing again (the detector does that when it returns). Closing without an end ends it now; reopening a
  // crisis opened by hand clears its end.
  const end = incident.origin === "detected" ? (next.ended_at ?? incident.ended_at) : next.ended_at;
  const ended_at = next.status === 1 ? (end ?? now) : input.status === 0 && incident.origin === "user" ? null : end;
  if (ended_at && ended_at <= incident.started_at) throw AppError.of(422, "validation.range_order", undefined, "ended_at");
  const values = { ...next, ended_at };
  const changes: Change[] = (Object.keys(values) as (keyof typeof values)[])
    .filter((k) => text(values[k]) !== text(incident[k]))
    .map((k) => ({ field: k, old: text(incident[k]), new: text(values[k]) }));
  if (changes.length === 0) return incidentView(incident);
  const updated = await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("incidents")
      .set({ ...values, updated_at: now })
      .where("id", "=", incident.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordHistory(trx, incident, user.id, changes, now);
    return row;
  });
  return incidentView(updated);
}
