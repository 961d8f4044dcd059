import { translate, type Lang, type MessageKey } from "../../../i18n/index.ts";
import type { Deps } from "../../deps.ts";
import type { AuthUser } from "../auth/index.ts";
import { exportFilteredMentions, type ExtraSheet } from "../mentions/index.ts";
import { crisisFilters, crisisViewer } from "./crisis-mentions.ts";
import { listSolutions } from "./incident-solutions.ts";
import { showIncident } from "./show-incident.ts";

/** The incident itself, first in the workbook: what it is, where it stands, how big it was, and what was done about it. */
function incidentSheet(
  incident: Awaited<ReturnType<typeof showIncident>>,
  solutions: Awaited<ReturnType<typeof listSolutions>>,
  lang: Lang,
): ExtraSheet {
  const t = (key: MessageKey) => translate(lang, key);
  const detected = incident.origin === "detected";
  return {
    name: t("xlsx.sheet_incident"),
    first: true,
    rows: [
      [t("crisis.list.title"), incident.title || t("crisis.untitled")],
      [t("xlsx.incident.project"), incident.project_name],
      [t("crisis.history.field.description"), incident.description || null],
      [t("crisis.list.status"), t(`crisis.status.${incident.status}` as MessageKey)],
      [t("crisis.history.field.review"), t(`crisis.review.${incident.review}` as MessageKey)],
      [t("crisis.severity_label"), t(`crisis.severity.${incident.severity}` as MessageKey)],
      [t("xlsx.incident.origin"), t(`crisis.origin.${incident.origin}` as MessageKey)],
      [t("crisis.list.start_date"), incident.start_date],
      [t("crisis.list.end_date"), incident.end_date ?? t("crisis.list.ongoing")],
      [t("crisis.list.mentions"), incident.total_mention],
      [t("xlsx.incident.peak"), detected ? incident.peak_count : null],
      [t("xlsx.incident.baseline"), detected ? Math.round(incident.baseline_count * 10) / 10 : null],
      [],
      [t("crisis.solution.title")],
      ...(solutions.length === 0
        ? [[t("crisis.solution.none")]]
        : [
            (
              [
                "crisis.solution.action",
                "crisis.solution.done_by",
                "crisis.solution.done_at",
                "crisis.solution.evaluation",
                "crisis.solution.notes",
                "xlsx.incident.recorded_by",
              ] as const
            ).map(t),
            ...solutions.map((s) => [
              s.action,
              s.done_by,
              s.done_at,
              t(`crisis.evaluation.${s.evaluation}` as MessageKey),
              s.notes || null,
              s.recorded_by,
            ]),
          ]),
    ],
  };
}

/**
 * The incident as .xlsx: a sheet on the incident (status, severity, period, counts, solution evaluations) before the
 * mention export's workbook over the crisis's mentions, so that its rows, its summary and the incident's count agree.
 */
export async function exportIncident(deps: Deps, user: AuthUser, query: { id: number; project_id?: number }, lang: Lang) {
  const incident = await showIncident(deps, user, query.id, query.project_id);
  const solutions = await listSolutions(deps, user, incident.id);
  const window = { id: incident.id, project_id: incident.project_id, started_at: incident.start_date, ended_at: incident.end_date };
  const filters = await crisisFilters(deps.db, window, await crisisViewer(deps, user), deps.now());
  const { file, filename } = await exportFilteredMentions(deps, filters, lang, [incidentSheet(incident, solutions, lang)]);
  return { file, filename: `incident-${incident.id}-${filename}` };
}
