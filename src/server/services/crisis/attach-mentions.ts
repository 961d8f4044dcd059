import type { IncidentAttachBody } from "../../../shared/schemas/incident.ts";
import { AppError } from "../../errors.ts";
import type { Deps } from "../../deps.ts";
import type { AuthUser } from "../auth/index.ts";
import { findIncident } from "../incident-lookup/index.ts";
import { recordHistory } from "./record-history.ts";
import type { AttachmentsChangedSchema } from "../../../shared/schemas/incident-answers.ts";

/**
 * Attaches (or detaches) mentions of the incident's project to it, named one by one or by story (all the story's
 * mentions in the project). Ids outside the project change nothing. The history says how many and which.
 */
export async function changeAttachments(
  deps: Deps,
  user: AuthUser,
  input: typeof IncidentAttachBody.infer,
  action: "attach" | "detach",
): Promise<typeof AttachmentsChangedSchema.infer> {
  if (!input.document_ids?.length && !input.story_ids?.length) throw AppError.of(422, "validation.required", undefined, "document_ids");
  const incident = await findIncident(deps, user, input.id);
  const now = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    const found = await trx
      .selectFrom("mentions as m")
      .innerJoin("documents as d", "d.id", "m.document_id")
      .select("m.document_id")
      .where("m.project_id", "=", incident.project_id)
      .where((eb) =>
        eb.or([
          ...(input.document_ids?.length ? [eb("m.document_id", "in", input.document_ids)] : []),
          ...(input.story_ids?.length ? [eb("d.story_id", "in", input.story_ids)] : []),
        ]),
      )
      .execute();
    const ids = found.map((f) => f.document_id);
    let changed = 0;
    if (ids.length && action === "attach") {
      const rows = await trx
        .insertInto("incident_mentions")
        .values(
          ids.map((document_id) => ({
            incident_id: incident.id,
            project_id: incident.project_id,
            document_id,
            added_by: user.id,
            added_at: now,
          })),
        )
        .onConflict((oc) => oc.columns(["project_id", "incident_id", "document_id"]).doNothing())
        .returning("document_id")
        .execute();
      changed = rows.length;
    } else if (ids.length) {
      const rows = await trx
        .deleteFrom("incident_mentions")
        .where("incident_id", "=", incident.id)
        .where("document_id", "in", ids)
        .returning("document_id")
        .execute();
      changed = rows.length;
    }
    if (changed > 0) {
      const field = action === "attach" ? "mentions_attached" : "mentions_detached";
      const detail = [...(input.story_ids?.length ? [`stories ${input.story_ids.join(",")}`] : []), `${changed} mentions`].join("; ");
      await recordHistory(trx, incident, user.id, [{ field, old: null, new: detail }], now);
      await trx.updateTable("incidents").set({ updated_at: now }).where("id", "=", incident.id).execute();
    }
    return { changed };
  });
}
