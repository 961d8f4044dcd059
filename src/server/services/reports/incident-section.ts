import { translate, type MessageKey, type PluralKey } from "../../../i18n/index.ts";
import { formatNumber } from "../../../shared/format.ts";
import { incidentListUrl, incidentUrl, listIncidents } from "../crisis/index.ts";
import type { ReportSectionSource } from "./report-section.ts";
import { timeLabel } from "./report-view.ts";

/** Incidents the e-mail lists; the rest are counted and linked to the crisis list over the period. */
const SHOWN = 10;
/** Far more than a period holds (detection keeps one incident open per project): the Excel sheet lists up to this many. */
const LISTED = 1000;

/**
 * The brand's crises of the period, from crisis management's own list: every incident that overlaps the period
 * (started in it, or still going on during it), with its current status and its attached mentions;
 * incidents a user dismissed as no crisis are left out.
 */
export const incidentSection: ReportSectionSource = async (deps, { user, tree, period, lang }) => {
  const t = (key: MessageKey | PluralKey, params?: Record<string, string | number>) => translate(lang, key, params);
  const { data, total } = await listIncidents(
    deps,
    user,
    { project_id: tree.brand.id, start_date: period.start, end_date: period.end, limit: LISTED },
    { withDismissed: false },
  );
  // Those still in progress first (the list's newest-first order otherwise): past SHOWN, done ones are cut first.
  const incidents = [...data]
    .sort((a, b) => a.status - b.status)
    .map((incident) => ({
      ...incident,
      title: incident.title || t("crisis.untitled"),
      url: incidentUrl(deps.config.publicUrl, lang, incident.id),
      statusLabel: t(`crisis.status.${incident.status}` as MessageKey),
      severityLabel: t(`crisis.severity.${incident.severity}` as MessageKey),
      mentions: incident.total_mention,
    }));
  const header = (
    [
      "crisis.list.title",
      "crisis.list.status",
      "crisis.severity_label",
      "crisis.list.start_date",
      "crisis.list.end_date",
      "crisis.list.mentions",
      "xlsx.link",
    ] as const
  ).map((key) => t(key));
  return {
    title: t("report.incidents.title"),
    rows: incidents.slice(0, SHOWN).map((incident) => ({
      text: incident.title,
      url: incident.url,
      tag: { label: incident.statusLabel, tone: incident.status === 0 ? "alert" : "calm" },
      details: [
        `${t("crisis.severity_label")}: ${incident.severityLabel}`,
        `${t("crisis.list.start_date")}: ${timeLabel(incident.start_date)}`,
        `${t("crisis.list.end_date")}: ${incident.end_date ? timeLabel(incident.end_date) : t("crisis.list.ongoing")}`,
        `${t("report.mentions")}: ${formatNumber(incident.mentions)}`,
      ],
    })),
    empty: t("report.incidents.none"),
    more:
      total > SHOWN
        ? {
            text: t("report.incidents.more", { count: total, value: formatNumber(total) }),
            url: incidentListUrl(deps.config.publicUrl, lang, period),
          }
        : null,
    sms: total > 0 ? t("report.sms.incidents", { value: formatNumber(total) }) : null,
    sheet: {
      name: t("xlsx.sheet_incidents"),
      table: { links: [header.length - 1] },
      rows: [
        header,
        ...incidents.map((incident) => [
          incident.title,
          incident.statusLabel,
          incident.severityLabel,
          incident.start_date,
          incident.end_date ?? t("crisis.list.ongoing"),
          incident.mentions,
          incident.url,
        ]),
      ],
    },
  };
};
