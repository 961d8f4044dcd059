import { useTranslation } from "react-i18next";
import { api } from "../../client/api.ts";
import type { TimeSeries } from "../../client/types.ts";
import colors from "../../shared/colors.json" with { type: "json" };
import { formatNumber } from "../../shared/format.ts";
import { Donut } from "../../ui/Donut.tsx";
import { TimeSeriesChart } from "../../ui/TimeSeriesChart.tsx";
import { useBrandAndCompetitors, type ProjectRef } from "../kit/projects.ts";
import { useMentionLink } from "../kit/mention-link.ts";
import { useDashboardData } from "../kit/use-dashboard-data.ts";
import { Widget } from "../kit/Widget.tsx";

const total = (values: number[]) => values.reduce((a, b) => a + b, 0);
const isSilent = (data: TimeSeries) => data.series.every((s) => total(s.values) === 0);

/** Mentions over time per project and the share of voice they add up to: one request, two cards. */
export function DiscussWidgets() {
  const { t } = useTranslation();
  const projects = useBrandAndCompetitors();
  const { remote, retry } = useDashboardData(api.trendDiscuss, { project_ids: projects.map((p) => p.id).join(",") });
  const link = useMentionLink("overview");
  // The mention list shows the brand's mentions: its line and its slice open them.
  const brandId = projects[0]?.id;
  const named = (data: TimeSeries) =>
    data.series.map((s) => ({
      project:
        projects.find((p) => p.id === s.key) ?? ({ id: s.key, name: String(s.key), color: colors.project.default } satisfies ProjectRef),
      values: s.values,
    }));
  return (
    <>
      <Widget
        title={t("overview.trend_title")}
        remote={remote}
        onRetry={retry}
        isEmpty={isSilent}
        skeleton="chart"
        testId="widget-trend"
        className="@4xl:col-span-2"
      >
        {(data) => (
          <TimeSeriesChart
            granularity={data.granularity}
            buckets={data.buckets}
            totalLabel={t("overview.period_total")}
            series={named(data).map(({ project, values }) => ({
              label: project.name,
              color: project.color,
              values,
              pointHref: project.id === brandId ? (bucket: string) => link({ bucket }) : undefined,
            }))}
          />
        )}
      </Widget>
      <Widget title={t("overview.sov_title")} remote={remote} onRetry={retry} isEmpty={isSilent} skeleton="donut" testId="widget-sov">
        {(data) => {
          const slices = named(data).map(({ project, values }) => ({
            key: project.id,
            label: project.name,
            value: total(values),
            color: project.color,
            href: project.id === brandId ? link({}) : undefined,
          }));
          return (
            <Donut
              slices={slices}
              centerValue={formatNumber(total(slices.map((s) => s.value)))}
              centerLabel={t("overview.mentions_unit")}
            />
          );
        }}
      </Widget>
    </>
  );
}
