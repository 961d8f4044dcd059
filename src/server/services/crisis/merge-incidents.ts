import type { IncidentMergeBody } from "../../../shared/schemas/incident.ts";
import { AppError } from "../../errors.ts";
import type { Deps } from "../../deps.ts";
import type { AuthUser } from "../auth/index.ts";
import { findIncident } from "../incident-lookup/index.ts";
import { incidentView } from "./incident-view.ts";
import { recordHistory } from "./record-history.ts";

/** Merges one incident into another of the same project: its mentions move over, it stays (closed) for its history. */
export async function mergeIncidents(deps: Deps, user: AuthUser, input: typeof IncidentMergeBody.infer) {
  if (input.id === input.into_id) throw AppError.of(422, "validation.invalid", undefined, "into_id");
  const [source, target] = [await findIncident(deps, user, input.id), await findIncident(deps, user, input.into_id)];
  if (source.project_id !== target.project_id || target.merged_into_id !== null)
    throw AppError.of(422, "validation.invalid", undefined, "into_id");
  const now = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto("incident_mentions")
      .columns(["incident_id", "project_id", "document_id", "added_by", "added_at"])
      .expression(
        trx
          .selectFrom("incident_mentions")
          .select([(eb) => eb.val(target.id).as("incident_id"), "project_id", "document_id", "added_by", "added_at"])
          .where("incident_id", "=", source.id),
      )
      .onConflict((oc) => oc.columns(["project_id", "incident_id", "document_id"]).doNothing())
      .execute();
    const sourceFirst = source.started_at < target.started_at;
    const startedAt = sourceFirst ? source.started_at : target.started_at;
    await trx
      .updateTable("incidents")
      .set({ merged_into_id: target.id, status: 1, ended_at: source.ended_at ?? now, updated_at: now })
      .where("id", "=", source.id)
      .execute();
    const row = await trx
      .updateTable("incidents")
      .set({ started_at: startedAt, updated_at: now })
      .where("id", "=", target.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordHistory(trx, source, user.id, [{ field: "merged_into_id", old: null, new: target.id }], now);
    await recordHistory(
      trx,
      target,
      user.id,
      [
        { field: "merged", old: null, new: source.id },
        ...(sourceFirst ? [{ field: "started_at", old: target.started_at.toISOString(), new: startedAt.toISOString() }] : []),
      ],
      now,
    );
    return incidentView(row);
  });
}
