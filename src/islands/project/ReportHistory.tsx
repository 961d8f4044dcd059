import { useEffect, useState } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { api } from "../../client/api.ts";
import type { ReportDelivery } from "../../client/types.ts";
import { formatDateTime } from "../../shared/format.ts";
import { periodLabel } from "../../shared/report-periods.ts";

const BADGE = { sent: "badge-success", pending: "badge-warning", failed: "badge-error", cancelled: "badge-ghost" } as const;

function statusText(t: TFunction, delivery: ReportDelivery): string {
  if (delivery.status === "pending" && delivery.attempts > 0) return t("notify.status.retrying", { count: delivery.attempts + 1 });
  return t(`notify.status.${delivery.status}`);
}

/** The project's latest reports: period, status (late or resent ones marked), and each recipient's latest attempt. */
export function ReportHistory() {
  const { t } = useTranslation();
  const [deliveries, setDeliveries] = useState<ReportDelivery[] | null>(null);

  useEffect(() => {
    api.notificationHistory().then(setDeliveries, (error: unknown) => console.error("report history load failed", error));
  }, []);

  if (!deliveries) return <span className="loading loading-spinner" role="status" aria-label={t("state.loading")} />;
  if (deliveries.length === 0)
    return (
      <p className="text-sm text-base-content/70" data-testid="history-empty">
        {t("notify.history_empty")}
      </p>
    );
  // One row per report: three columns on wide screens, stacked on phones.
  const columns = "grid gap-x-4 gap-y-1 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1.3fr)]";
  return (
    <div>
      <div
        className={`${columns} hidden border-b border-base-300 pb-2 text-xs font-semibold text-base-content/60 sm:grid`}
        aria-hidden="true"
      >
        <span>{t("notify.history_report")}</span>
        <span>{t("notify.history_status")}</span>
        <span>{t("notify.history_recipients")}</span>
      </div>
      <ul data-testid="report-history" className="divide-y divide-base-300">
        {deliveries.map((d) => (
          <li key={d.id} className={`${columns} py-3 text-sm`} data-status={d.status} data-frequency={d.frequency}>
            <div>
              <div className="font-medium">{t(`notify.${d.frequency}`)}</div>
              <div className="text-xs text-base-content/70">
                {t("notify.history_period")}: {periodLabel({ start: d.period_start, end: d.period_end })}
              </div>
            </div>
            <div>
              <div className="flex flex-wrap gap-1">
                <span className={`badge badge-sm badge-soft ${BADGE[d.status]}`}>{statusText(t, d)}</span>
                {d.reason === "catch-up" && <span className="badge badge-sm badge-outline">{t("notify.late")}</span>}
                {d.reason === "staff-forced" && <span className="badge badge-sm badge-outline">{t("notify.resent")}</span>}
              </div>
              <div className="mt-1 text-xs text-base-content/70">{formatDateTime(d.sent_at ?? d.created_at)}</div>
            </div>
            <ul className="text-xs" aria-label={t("notify.history_recipients")}>
              {d.recipients.map((r) => (
                <li key={`${r.channel}:${r.recipient}`} className={`break-all ${r.status === "sent" ? "" : "text-error"}`}>
                  {r.channel === "sms" ? "SMS" : "Email"} {r.recipient}
                  {r.status === "sent" ? " ✓" : ` — ${t("notify.recipient_failed")}`}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </div>
  );
}
