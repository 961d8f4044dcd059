import type { CrisisSettingsBody } from "../../../shared/schemas/incident.ts";
import type { Deps } from "../../deps.ts";
import type { AuthUser } from "../auth/index.ts";
import { readCrisisSettings } from "./crisis-settings.ts";
import { assertOwnedProject } from "../incident-lookup/index.ts";
import type { ProjectCrisisSettingsSchema } from "../../../shared/schemas/incident-answers.ts";

/** A project's detection settings (the defaults until changed). */
export async function showCrisisSettings(deps: Deps, user: AuthUser, projectId: number): Promise<typeof ProjectCrisisSettingsSchema.infer> {
  await assertOwnedProject(deps, user, projectId);
  return { project_id: projectId, ...(await readCrisisSettings(deps.db, projectId)) };
}

/** Sets a project's sensitivity, minimum volume, cooldown and calm hours before closing; detection reads them next run. */
export async function updateCrisisSettings(deps: Deps, user: AuthUser, input: typeof CrisisSettingsBody.infer) {
  await assertOwnedProject(deps, user, input.project_id);
  const values = {
    project_id: input.project_id,
    sensitivity: input.sensitivity,
    min_volume: input.min_volume,
    cooldown_hours: input.cooldown_hours,
    resolve_hours: input.resolve_hours,
    enabled: input.enabled ?? true,
    updated_at: deps.now(),
  };
  const { project_id: _, ...update } = values;
  await deps.db
    .insertInto("crisis_settings")
    .values(values)
    .onConflict((oc) => oc.column("project_id").doUpdateSet(update))
    .execute();
  return showCrisisSettings(deps, user, input.project_id);
}
