import type { SolutionBody } from "../../../shared/schemas/incident.ts";
import type { Deps } from "../../deps.ts";
import type { AuthUser } from "../auth/index.ts";
import { findIncident } from "../incident-lookup/index.ts";
import { recordHistory } from "./record-history.ts";
import type { IncidentSolutionSchema, RecordedSolutionSchema } from "../../../shared/schemas/incident-answers.ts";

/** The solutions tried on an incident, in the order they were done, with who recorded them. */
export async function listSolutions(deps: Deps, user: AuthUser, incidentId: number): Promise<(typeof IncidentSolutionSchema.infer)[]> {
  await findIncident(deps, user, incidentId);
  return deps.db
    .selectFrom("incident_solutions as s")
    .innerJoin("users as u", "u.id", "s.user_id")
    .select(["s.id", "s.action", "s.done_by", "s.done_at", "s.evaluation", "s.notes", "s.created_at", "u.full_name as recorded_by"])
    .where("s.incident_id", "=", incidentId)
    .orderBy("s.done_at")
    .orderBy("s.id")
    .execute();
}

/** Records a solution and its evaluation (effective, partly, not effective); the history keeps it too. */
export async function addSolution(
  deps: Deps,
  user: AuthUser,
  incidentId: number,
  input: typeof SolutionBody.infer,
): Promise<typeof RecordedSolutionSchema.infer> {
  const incident = await findIncident(deps, user, incidentId);
  const now = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("incident_solutions")
      .values({
        project_id: incident.project_id,
        incident_id: incident.id,
        action: input.action,
        done_by: input.done_by,
        done_at: input.done_at,
        evaluation: input.evaluation,
        notes: input.notes ?? "",
        user_id: user.id,
        created_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordHistory(trx, incident, user.id, [{ field: "solution", old: null, new: `${input.evaluation}: ${input.action}` }], now);
    return row;
  });
}
