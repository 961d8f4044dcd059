import { COUNTERS_SHOWN } from "../../shared/api-types.ts";
import { useTranslation } from "react-i18next";
import { api } from "../../client/api.ts";
import { formatNumber } from "../../shared/format.ts";
import { useDashboardData } from "../kit/use-dashboard-data.ts";
import { WidgetError } from "../kit/Widget.tsx";

/** Totals of everything the filters match, above the list. */
export function MentionStatsBar() {
  const { t } = useTranslation();
  const { remote, retry } = useDashboardData(api.mentionStats);
  if (remote.status === "error") {
    return (
      <div className="card border border-base-300 bg-base-100" data-testid="mention-stats" data-state="error">
        <WidgetError message={remote.message} onRetry={retry} />
      </div>
    );
  }
  return (
    // On phones the totals scroll sideways in one row, so the list starts high on the screen; wider, the total
    // takes two cells of four columns until all seven fit in one row.
    <dl
      className="grid auto-cols-[8.5rem] grid-flow-col gap-px overflow-x-auto rounded-box border border-base-300 bg-base-300 @2xl:grid-flow-row @2xl:grid-cols-4 @4xl:grid-cols-7"
      data-testid="mention-stats"
      data-state={remote.status}
    >
      {COUNTERS_SHOWN.map((key, i) => (
        <div key={key} className={`bg-base-100 px-3 py-2 ${i === 0 ? "@2xl:col-span-2 @4xl:col-span-1" : ""}`} data-counter={key}>
          <dt className="truncate text-xs text-base-content/70">{t(`overview.counter.${key}`)}</dt>
          <dd className="text-lg font-semibold tabular-nums">
            {remote.status === "ready" ? formatNumber(remote.data[key]) : <span className="skeleton inline-block h-5 w-16 align-middle" />}
          </dd>
        </div>
      ))}
    </dl>
  );
}
