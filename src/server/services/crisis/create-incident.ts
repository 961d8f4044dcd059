import type { IncidentCreateBody } from "../../../shared/schemas/incident.ts";
import { AppError } from "../../errors.ts";
import type { Deps } from "../../deps.ts";
import type { AuthUser } from "../auth/index.ts";
import { assertOwnedProject } from "../incident-lookup/index.ts";
import { incidentView } from "./incident-view.ts";
import { recordHistory } from "./record-history.ts";

/** An incident a user opens by hand (origin "user"), for a crisis the detector did not see or before it could. */
export async function createIncident(deps: Deps, user: AuthUser, input: typeof IncidentCreateBody.infer) {
  await assertOwnedProject(deps, user, input.project_id);
  const ended = input.ended_at ?? null;
  if (ended && ended <= input.started_at) throw AppError.of(422, "validation.range_order", undefined, "ended_at");
  const now = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("incidents")
      .values({
        project_id: input.project_id,
        title: input.title,
        description: input.description ?? "",
        started_at: input.started_at,
        ended_at: ended,
        status: ended ? 1 : 0,
        severity: input.severity ?? 1,
        origin: "user",
        review: "confirmed",
        created_by: user.id,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordHistory(trx, row, user.id, [{ field: "status", old: null, new: "created" }], now);
    return incidentView(row);
  });
}
