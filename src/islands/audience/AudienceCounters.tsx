import { useTranslation } from "react-i18next";
import { api } from "../../client/api.ts";
import type { AudienceCount, AudienceStats } from "../../shared/audience.ts";
import { formatNumber, formatPercent } from "../../shared/format.ts";
import type { Remote } from "../kit/use-dashboard-data.ts";
import { Widget, WidgetError } from "../kit/Widget.tsx";
import { SampleBadge, SampleMark } from "./SampleParts.tsx";
import { useAudienceData } from "./use-audience-data.ts";

type Counter = {
  key: string;
  label: string;
  value: (count: AudienceCount, stats: AudienceStats) => number;
  hint?: (count: AudienceCount, stats: AudienceStats) => string;
};

/** Unique authors, their mentions, new and returning authors, potential reach; then what is known about them. */
export function AudienceCounters() {
  const { t } = useTranslation();
  const count = useAudienceData(api.audienceCount);
  const stats = useAudienceData(api.audienceStats);
  const counters: Counter[] = [
    { key: "authors", label: t("audience.counter.authors"), value: (c) => c.authors },
    { key: "mentions", label: t("audience.counter.mentions"), value: (c) => c.mentions },
    { key: "new", label: t("audience.counter.new"), value: (c) => c.new_authors, hint: () => t("audience.new_hint") },
    {
      key: "returning",
      label: t("audience.counter.returning"),
      value: (c) => c.returning_authors,
      hint: () => t("audience.returning_hint"),
    },
    {
      key: "reach",
      label: t("audience.counter.reach"),
      value: (_, s) => s.potential_reach,
      hint: (_, s) => t("audience.reach_hint", { count: s.known_followers, value: formatNumber(s.known_followers) }),
    },
  ];
  const both: Remote<[AudienceCount, AudienceStats]> =
    count.remote.status === "error"
      ? count.remote
      : stats.remote.status === "error"
        ? stats.remote
        : count.remote.status === "ready" && stats.remote.status === "ready"
          ? { status: "ready", data: [count.remote.data, stats.remote.data] }
          : { status: "loading", previous: null };
  const retry = () => {
    count.retry();
    stats.retry();
  };
  return (
    <div className="grid grid-cols-1 gap-3 @6xl:grid-cols-[2fr_1fr]">
      <section aria-label={t("audience.counter.authors")} data-testid="widget-audience-counters" data-state={both.status}>
        {both.status === "error" ? (
          <div className="card border border-base-300 bg-base-100">
            <WidgetError message={both.message} onRetry={retry} />
          </div>
        ) : (
          <ul className="grid grid-cols-2 gap-3 @2xl:grid-cols-5">
            {counters.map((counter, i) => (
              <li
                key={counter.key}
                className={`card gap-1 border border-base-300 bg-base-100 px-3 py-3 ${i === 0 ? "col-span-2 @2xl:col-span-1" : ""}`}
                data-counter={counter.key}
              >
                <p className="min-h-8 text-xs leading-4 text-base-content/70" data-testid="counter-label">
                  {counter.label}
                </p>
                {both.status === "ready" ? (
                  <>
                    <SampleMark sample={both.data[0].sample} className="badge-xs self-start" />
                    <p className="text-xl font-semibold tabular-nums [overflow-wrap:anywhere]" data-testid="counter-value">
                      {formatNumber(counter.value(...both.data))}
                    </p>
                    {counter.hint && <p className="text-xs text-base-content/60">{counter.hint(...both.data)}</p>}
                  </>
                ) : (
                  <div className="skeleton h-6 w-3/4" data-testid="widget-loading" />
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <Widget
        title={t("audience.coverage_title")}
        remote={count.remote}
        onRetry={count.retry}
        skeleton="bars"
        actions={<SampleBadge remote={count.remote} />}
        testId="widget-coverage"
      >
        {(data) => <Coverage count={data} />}
      </Widget>
    </div>
  );
}

function Coverage({ count }: { count: AudienceCount }) {
  const { t } = useTranslation();
  const rows = [
    { key: "age", known: count.known_age },
    { key: "job", known: count.known_job },
    { key: "province", known: count.known_province },
  ] as const;
  return (
    <ul className="flex flex-col gap-2.5 text-sm">
      {rows.map((row) => {
        const share = count.authors === 0 ? 0 : (row.known / count.authors) * 100;
        return (
          <li
            key={row.key}
            className="grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-1"
            data-coverage={row.key}
            data-known={row.known}
          >
            <span>{t(`audience.coverage.${row.key}`)}</span>
            <span className="tabular-nums text-base-content/70">
              {t("audience.coverage_of", { count: count.authors, known: formatNumber(row.known), total: formatNumber(count.authors) })} ·{" "}
              {formatPercent(share)}
            </span>
            <progress
              className="progress progress-primary col-span-2 h-2"
              value={share}
              max={100}
              aria-label={t(`audience.coverage.${row.key}`)}
            />
          </li>
        );
      })}
    </ul>
  );
}
