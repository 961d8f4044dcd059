import { useTranslation } from "react-i18next";
import type { Incident } from "../../shared/schemas/incident-answers.ts";

const SEVERITY_TONES = { 1: "badge-warning", 2: "badge-error badge-soft", 3: "badge-error" } as const;

/**
 * In progress (spec §4: 0) stands out; done (1) recedes; a dismissed incident says so instead. A detected crisis whose
 * surge has ended while nobody has marked it done says that it calmed, beside its status.
 */
export function IncidentStatusBadge({ incident }: { incident: Pick<Incident, "status" | "review" | "origin" | "end_date"> }) {
  const { t } = useTranslation();
  if (incident.review === "dismissed")
    return (
      <span className="badge badge-ghost badge-sm whitespace-nowrap" data-testid="incident-status" data-status="dismissed">
        {t("crisis.status.dismissed")}
      </span>
    );
  const calmed = incident.status === 0 && incident.origin === "detected" && incident.end_date !== null;
  return (
    <>
      <span
        className={`badge badge-sm gap-1.5 whitespace-nowrap ${incident.status === 0 ? "badge-error badge-soft" : "badge-success badge-soft"}`}
        data-testid="incident-status"
        data-status={incident.status}
      >
        <span aria-hidden="true" className={`size-2 rounded-full ${incident.status === 0 ? "bg-error" : "bg-success"}`} />
        {t(`crisis.status.${incident.status}`)}
      </span>
      {calmed && (
        <span
          className="badge badge-outline badge-sm whitespace-nowrap"
          data-testid="incident-calmed"
          title={t("crisis.surge.calmed_hint")}
        >
          {t("crisis.surge.calmed")}
        </span>
      )}
    </>
  );
}

export function SeverityBadge({ severity }: { severity: Incident["severity"] }) {
  const { t } = useTranslation();
  return (
    <span
      className={`badge badge-sm whitespace-nowrap ${SEVERITY_TONES[severity]}`}
      data-testid="incident-severity"
      title={t("crisis.severity_label")}
    >
      {t(`crisis.severity.${severity}`)}
    </span>
  );
}
