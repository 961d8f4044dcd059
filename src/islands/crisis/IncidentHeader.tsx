import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../client/api.ts";
import { ApiFailure } from "../../client/api-error.ts";
import type { Body } from "../../shared/api-contract.ts";
import type { IncidentDetail } from "../../shared/schemas/incident-answers.ts";
import type { Lang } from "../../i18n/index.ts";
import { formatNumber } from "../../shared/format.ts";
import { showToast } from "../../stores/toasts.ts";
import { Icon } from "../../ui/Icon.tsx";
import { formatMinute } from "./format-time.ts";
import { IncidentStatusBadge, SeverityBadge } from "./IncidentBadges.tsx";
import { EditIncidentDialog } from "./IncidentFormDialog.tsx";
import { incidentPath, listPath, relatedPath } from "./incident-route.ts";
import { MergeDialog } from "./MergeDialog.tsx";

export type IncidentView = "overview" | "related";

type Props = { lang: Lang; view: IncidentView; incident: IncidentDetail; onChanged: () => void };

/**
 * Title, status, window and what the detector saw; the review (confirm, dismiss: either can be undone), close, edit and
 * merge actions; the two views as tabs.
 */
export function IncidentHeader({ lang, view, incident, onChanged }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState<"edit" | "merge" | null>(null);
  const update = async (change: Omit<Body<"updateIncident">, "id">, done: string) => {
    setBusy(true);
    try {
      await api.updateIncident({ id: incident.id, ...change });
      showToast("success", done);
      onChanged();
    } catch (error) {
      showToast("error", error instanceof ApiFailure ? error.message : t("error.internal"));
    } finally {
      setBusy(false);
    }
  };
  const open = incident.status === 0;
  const detected = incident.origin === "detected";
  return (
    <header className="flex flex-col gap-3" data-testid="incident-header" data-status={incident.status}>
      <a href={listPath(lang)} className="link-hover inline-flex items-center gap-1 text-sm text-base-content/70">
        <Icon path="M15 18l-6-6 6-6" className="size-4" />
        {t("page.crisis")}
      </a>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <IncidentStatusBadge incident={incident} />
            <SeverityBadge severity={incident.severity} />
            <span className="badge badge-ghost badge-sm">{t(`crisis.origin.${incident.origin}`)}</span>
            {incident.review === "confirmed" && (
              <span className="badge badge-info badge-soft badge-sm">{t("crisis.review.confirmed")}</span>
            )}
          </div>
          <h1 className="text-2xl font-semibold break-words" data-testid="incident-title">
            {incident.title}
          </h1>
          <p className="text-sm text-base-content/70">
            {incident.project_name} · <time dateTime={incident.start_date}>{formatMinute(incident.start_date)}</time> –{" "}
            {incident.end_date ? <time dateTime={incident.end_date}>{formatMinute(incident.end_date)}</time> : t("crisis.list.ongoing")}
          </p>
          {incident.origin === "detected" && incident.peak_count > 0 && (
            <p className="text-sm" data-testid="incident-peak">
              {t("crisis.detail.peak", { peak: formatNumber(incident.peak_count), baseline: formatNumber(incident.baseline_count, 1) })}
            </p>
          )}
          {incident.description && <p className="max-w-3xl text-sm whitespace-pre-line">{incident.description}</p>}
        </div>
        <div className="flex flex-wrap gap-2">
          {detected && incident.review !== "confirmed" && (
            <button
              type="button"
              className="btn btn-sm"
              disabled={busy}
              onClick={() => update({ review: "confirmed" }, t("crisis.action.confirmed"))}
              data-testid="incident-confirm"
            >
              {t("crisis.action.confirm")}
            </button>
          )}
          {detected && incident.review !== "dismissed" && (
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              disabled={busy}
              onClick={() => update({ review: "dismissed" }, t("crisis.action.dismissed"))}
              data-testid="incident-dismiss"
            >
              {t("crisis.action.dismiss")}
            </button>
          )}
          {incident.merged_into_id === null && (
            <button
              type="button"
              className={`btn btn-sm ${open ? "btn-primary" : "btn-outline"}`}
              disabled={busy}
              onClick={() => update({ status: open ? 1 : 0 }, open ? t("crisis.action.closed") : t("crisis.action.reopened"))}
              data-testid="incident-toggle-status"
            >
              {open ? t("crisis.action.close") : t("crisis.action.reopen")}
            </button>
          )}
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setDialog("edit")} data-testid="incident-edit-open">
            <Icon path="M4 20h4L19 9l-4-4L4 16zM14 6l4 4" className="size-4" />
            {t("crisis.edit.open")}
          </button>
          {incident.merged_into_id === null && (
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setDialog("merge")} data-testid="incident-merge-open">
              <Icon path="M6 4v5a4 4 0 0 0 4 4h8M14 9l4 4-4 4M6 20v-3" className="size-4" />
              {t("crisis.merge.open")}
            </button>
          )}
        </div>
      </div>
      {incident.merged_into_id !== null && (
        <div role="note" className="alert alert-info alert-soft text-sm" data-testid="incident-merged">
          <p>
            {t("crisis.merge.merged_into")}{" "}
            <a href={incidentPath(lang, incident.merged_into_id)} className="link font-medium whitespace-nowrap">
              {t("crisis.merge.see_target")}
            </a>
          </p>
        </div>
      )}
      {dialog === "edit" && <EditIncidentDialog incident={incident} onSaved={onChanged} onClose={() => setDialog(null)} />}
      {dialog === "merge" && <MergeDialog lang={lang} incident={incident} onClose={() => setDialog(null)} />}
      <div role="tablist" aria-label={t("page.crisis_detail")} className="tabs tabs-border" data-testid="incident-tabs">
        <a
          role="tab"
          href={incidentPath(lang, incident.id)}
          className={`tab ${view === "overview" ? "tab-active" : ""}`}
          aria-selected={view === "overview"}
        >
          {t("crisis.tab.overview")}
        </a>
        <a
          role="tab"
          href={relatedPath(lang, incident.id)}
          className={`tab ${view === "related" ? "tab-active" : ""}`}
          aria-selected={view === "related"}
          data-testid="tab-related"
        >
          {t("crisis.tab.related", { value: formatNumber(incident.total_mention) })}
        </a>
      </div>
    </header>
  );
}
