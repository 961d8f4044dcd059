import { COUNTERS_SHOWN } from "../../shared/api-types.ts";
import { useTranslation } from "react-i18next";
import { api } from "../../client/api.ts";
import type { CounterKey, DashboardStats } from "../../client/types.ts";
import { formatNumber } from "../../shared/format.ts";
import { Icon } from "../../ui/Icon.tsx";
import { useDashboardData, type DashboardData } from "./use-dashboard-data.ts";
import { WidgetError } from "./Widget.tsx";
import { describeChange } from "./change.ts";

const ARROWS = { up: "M12 19V5M5 12l7-7 7 7", down: "M12 5v14M19 12l-7 7-7-7" } as const;
const TONES = { up: "text-success", down: "text-error", flat: "text-base-content/60", none: "text-base-content/40" } as const;

/** The seven counters of the period with their change against the equal period before. */
export function StatsCounters() {
  const { remote, retry } = useDashboardData(api.dashboardStats);
  return <StatsCountersView remote={remote} retry={retry} />;
}

/**
 * The counters of any period's stats (the dashboard's filters, a crisis's mentions); `compare: false` leaves out the
 * change against the period before, for a set that has no "before" (a crisis's mentions are all in its own period).
 */
export function StatsCountersView({
  remote,
  retry,
  compare = true,
}: Pick<DashboardData<DashboardStats>, "remote" | "retry"> & { compare?: boolean }) {
  const { t } = useTranslation();
  return (
    <section aria-label={t("overview.stats_title")} data-testid="widget-stats" data-state={remote.status}>
      {remote.status === "error" ? (
        <div className="card border border-base-300 bg-base-100">
          <WidgetError message={remote.message} onRetry={retry} />
        </div>
      ) : (
        <ul className="grid grid-cols-2 gap-3 @2xl:grid-cols-4 @6xl:grid-cols-7">
          {COUNTERS_SHOWN.map((key, i) => (
            // The total takes a whole row on phones and two cells of four columns. All seven share one row only where
            // each cell still holds a nine-digit number whole (a 1280 px screen with the menu open has not the room).
            <li
              key={key}
              className={`card justify-between border border-base-300 bg-base-100 px-3 py-3 ${i === 0 ? "col-span-2 @6xl:col-span-1" : ""}`}
              data-counter={key}
            >
              <p className="line-clamp-2 text-xs leading-4 text-base-content/70" title={t(`overview.counter.${key}`)}>
                {t(`overview.counter.${key}`)}
              </p>
              {remote.status === "ready" ? <CounterValue stats={remote.data} counter={key} compare={compare} /> : <CounterSkeleton />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function CounterValue({ stats, counter, compare }: { stats: DashboardStats; counter: CounterKey; compare: boolean }) {
  const { t } = useTranslation();
  const change = describeChange(stats.change[counter]);
  return (
    <div>
      <p className="mt-1 truncate text-xl font-semibold tabular-nums" data-testid="counter-value" title={formatNumber(stats[counter])}>
        {formatNumber(stats[counter])}
      </p>
      {compare && (
        <p
          className={`mt-0.5 flex items-center gap-1 text-xs font-medium tabular-nums ${TONES[change.direction]}`}
          title={t("overview.previous_period", { value: formatNumber(stats.previous[counter]) })}
        >
          {(change.direction === "up" || change.direction === "down") && <Icon path={ARROWS[change.direction]} className="size-3.5" />}
          <span className="sr-only">{t(`overview.change_${change.direction}`)}</span>
          {change.text}
        </p>
      )}
    </div>
  );
}

function CounterSkeleton() {
  return (
    <div className="mt-1 flex flex-col gap-1.5" data-testid="widget-loading">
      <div className="skeleton h-6 w-3/4" />
      <div className="skeleton h-3 w-1/3" />
    </div>
  );
}
