import type { Lang } from "../../../i18n/index.ts";
import { VIETNAM_OFFSET_MS } from "../../../shared/time-zone.ts";
import type { Deps } from "../../deps.ts";
import type { AuthUser } from "../auth/auth-user.ts";
import { exportMentions } from "../mentions/export-mentions.ts";
import { findIncident } from "./find-incident.ts";

const vietnamDate = (t: Date) => new Date(t.getTime() + VIETNAM_OFFSET_MS).toISOString().slice(0, 10);

/** The incident's mentions as .xlsx: the mention export's workbook over the incident's days in its project. */
export async function exportIncident(deps: Deps, user: AuthUser, id: number, lang: Lang) {
  const incident = await findIncident(deps, user, id);
  const end = incident.ended_at ?? deps.now();
  const { file, filename } = await exportMentions(
    deps,
    user,
    { project_id: String(incident.project_id), start_date: vietnamDate(incident.started_at), end_date: vietnamDate(end) },
    lang,
  );
  return { file, filename: `incident-${incident.id}-${filename}` };
}
