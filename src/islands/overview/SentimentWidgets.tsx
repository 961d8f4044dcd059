import { useTranslation } from "react-i18next";
import { api } from "../../client/api.ts";
import type { ProjectSentiment, TimeSeries } from "../../client/types.ts";
import { SENTIMENTS } from "../../shared/sentiment.ts";
import { TimeSeriesChart } from "../../ui/TimeSeriesChart.tsx";
import { useMentionLink } from "../kit/mention-link.ts";
import { useDashboardData } from "../kit/use-dashboard-data.ts";
import { SentimentCountsDonut } from "../kit/SentimentCountsDonut.tsx";
import { Widget } from "../kit/Widget.tsx";

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** The brand's sentiment over time, in the sentiment colours. */
export function SentimentTrend() {
  const { t } = useTranslation();
  const { remote, retry } = useDashboardData(api.trendSentiment);
  const link = useMentionLink("overview");
  const isEmpty = (data: TimeSeries) => data.series.every((s) => sum(s.values) === 0);
  return (
    <Widget
      title={t("overview.sentiment_trend_title")}
      remote={remote}
      onRetry={retry}
      isEmpty={isEmpty}
      skeleton="chart"
      testId="widget-sentiment-trend"
      className="@4xl:col-span-2"
    >
      {(data) => (
        <TimeSeriesChart
          granularity={data.granularity}
          buckets={data.buckets}
          totalLabel={t("overview.period_total")}
          series={data.series.map((s) => ({
            label: t(`filters.sentiment.${SENTIMENTS[s.key].name}`),
            color: SENTIMENTS[s.key].color,
            values: s.values,
            pointHref: (bucket: string) => link({ bucket, sentiment_ids: [s.key] }),
          }))}
        />
      )}
    </Widget>
  );
}

/** The brand's mentions split by sentiment. */
export function SentimentDonut() {
  const { t } = useTranslation();
  const { remote, retry } = useDashboardData(api.sentimentByProjects);
  const link = useMentionLink("overview");
  const brandRow = (rows: ProjectSentiment[]) => rows[0] ?? { project_id: 0, neutral: 0, positive: 0, negative: 0 };
  const isEmpty = (rows: ProjectSentiment[]) => SENTIMENTS.every((s) => brandRow(rows)[s.name] === 0);
  return (
    <Widget
      title={t("overview.sentiment_title")}
      remote={remote}
      onRetry={retry}
      isEmpty={isEmpty}
      skeleton="donut"
      testId="widget-sentiment"
    >
      {(rows) => <SentimentCountsDonut counts={brandRow(rows)} href={(sentiment) => link({ sentiment_ids: [sentiment] })} />}
    </Widget>
  );
}
