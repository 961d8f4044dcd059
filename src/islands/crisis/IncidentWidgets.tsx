import { useTranslation } from "react-i18next";
import { api } from "../../client/api.ts";
import type { ChannelSentiment, IncidentDetail, SentimentDevelopment } from "../../shared/schemas/incident-answers.ts";
import type { Mention, SentimentCounts } from "../../client/types.ts";
import type { Lang } from "../../i18n/index.ts";
import { formatNumber } from "../../shared/format.ts";
import { SENTIMENT_ORDER, SENTIMENTS } from "../../shared/sentiment.ts";
import { TimeSeriesChart } from "../../ui/TimeSeriesChart.tsx";
import { WordCloud } from "../../ui/WordCloud.tsx";
import { channelName } from "../../ui/channel-name.ts";
import { SentimentCountsDonut } from "../kit/SentimentCountsDonut.tsx";
import { Widget } from "../kit/Widget.tsx";
import { MentionCard } from "../kit/MentionCard.tsx";
import { StatsCountersView } from "../kit/StatsCounters.tsx";
import { SourcesTable } from "../kit/TopSources.tsx";
import { mentionsPath } from "./incident-route.ts";
import { useRemote } from "../kit/use-dashboard-data.ts";

type IncidentProps = { incident: IncidentDetail };
const CARDS = 5;
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

const useIncidentData = <T,>(load: (id: number) => Promise<T>, incident: IncidentDetail) =>
  useRemote(() => load(incident.id), `${incident.id}-${incident.end_date}`);

/** The seven counters of the crisis's mentions. */
export function IncidentCounters({ incident }: IncidentProps) {
  const { remote, retry } = useIncidentData(api.incidentStats, incident);
  return <StatsCountersView remote={remote} retry={retry} compare={false} />;
}

/** The crisis's mentions per sentiment over its period, and the negative mentions the project normally has then. */
export function SentimentDevelopmentWidget({ incident }: IncidentProps) {
  const { t } = useTranslation();
  const { remote, retry } = useIncidentData(api.incidentSentimentDevelopment, incident);
  const isEmpty = (data: SentimentDevelopment) => data.series.every((s) => sum(s.values) === 0);
  return (
    <Widget
      title={t("crisis.widget.development")}
      remote={remote}
      onRetry={retry}
      isEmpty={isEmpty}
      skeleton="chart"
      testId="widget-development"
      className="@4xl:col-span-2"
    >
      {(data) => (
        <div className="flex flex-col gap-1">
          <TimeSeriesChart
            granularity={data.granularity}
            buckets={data.buckets}
            totalLabel={t("crisis.widget.development_total")}
            series={[
              ...data.series.map((s) => ({
                label: t(`filters.sentiment.${SENTIMENTS[s.key].name}`),
                color: SENTIMENTS[s.key].color,
                values: s.values,
              })),
              // The negative mentions the detector expected, in the negative colour, dashed.
              { label: t("crisis.widget.baseline"), color: SENTIMENTS[2].color, values: data.baseline, dash: [6, 4] },
            ]}
          />
          <p className="text-xs text-base-content/60">{t("crisis.widget.baseline_hint")}</p>
        </div>
      )}
    </Widget>
  );
}

export function IncidentSentimentDonut({ incident }: IncidentProps) {
  const { t } = useTranslation();
  const { remote, retry } = useIncidentData(api.incidentSentiment, incident);
  const isEmpty = (row: SentimentCounts) => SENTIMENTS.every((s) => row[s.name] === 0);
  return (
    <Widget
      title={t("overview.sentiment_title")}
      remote={remote}
      onRetry={retry}
      isEmpty={isEmpty}
      skeleton="donut"
      testId="widget-incident-sentiment"
    >
      {(row) => <SentimentCountsDonut counts={row} />}
    </Widget>
  );
}

/** Each channel's mentions as one bar split by sentiment, biggest channel first. */
export function ChannelSentimentWidget({ incident }: IncidentProps) {
  const { t } = useTranslation();
  const { remote, retry } = useIncidentData(api.incidentSentimentByChannel, incident);
  return (
    <Widget
      title={t("crisis.widget.channels")}
      remote={remote}
      onRetry={retry}
      isEmpty={(rows) => rows.every((r) => r.total_mention === 0)}
      skeleton="bars"
      testId="widget-channel-sentiment"
    >
      {(rows) => (
        <ChannelSentimentBars rows={[...rows].filter((r) => r.total_mention > 0).sort((a, b) => b.total_mention - a.total_mention)} />
      )}
    </Widget>
  );
}

function ChannelSentimentBars({ rows }: { rows: ChannelSentiment[] }) {
  const { t } = useTranslation();
  const max = Math.max(1, ...rows.map((r) => r.total_mention));
  return (
    <div className="flex flex-col gap-3">
      <ul className="@container flex flex-col gap-2.5">
        {rows.map((row) => (
          <li
            key={row.channel_id}
            className="grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-1 text-sm @sm:grid-cols-[9.5rem_1fr_auto]"
            data-channel={row.channel_id}
          >
            <span className="truncate">{channelName(t, row.channel_id)}</span>
            <span className="order-last col-span-2 flex h-2.5 overflow-hidden rounded-full bg-base-200 @sm:order-none @sm:col-span-1">
              <span className="flex h-full" style={{ width: `${(row.total_mention / max) * 100}%` }}>
                {SENTIMENT_ORDER.map((s) => (
                  <span
                    key={s.id}
                    className="block h-full"
                    style={{ width: `${(row[s.name] / Math.max(row.total_mention, 1)) * 100}%`, backgroundColor: s.color }}
                    title={`${t(`filters.sentiment.${s.name}`)}: ${formatNumber(row[s.name])}`}
                  />
                ))}
              </span>
            </span>
            <span className="text-right tabular-nums">
              <span className="font-medium">{formatNumber(row.total_mention)}</span>
              <span className="ml-2 text-error" title={t("filters.sentiment.negative")}>
                {formatNumber(row.negative)}
              </span>
            </span>
          </li>
        ))}
      </ul>
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-base-content/70">
        {SENTIMENT_ORDER.map((s) => (
          <span key={s.id} className="inline-flex items-center gap-1.5">
            <span aria-hidden="true" className="size-2 rounded-full" style={{ backgroundColor: s.color }} />
            {t(`filters.sentiment.${s.name}`)}
          </span>
        ))}
      </p>
    </div>
  );
}

const MENTION_LISTS = {
  negative: { load: api.incidentHotNegative, title: "crisis.widget.hot_negative" },
  newest: { load: api.incidentNewest, title: "crisis.widget.newest" },
  trending: { load: api.incidentTrending, title: "crisis.widget.trending" },
} as const;

/** Five mentions of the incident: the hottest negative ones, the newest, or those with the most interactions. */
export function IncidentMentionCards({ incident, kind }: IncidentProps & { kind: keyof typeof MENTION_LISTS }) {
  const { t } = useTranslation();
  const { load, title } = MENTION_LISTS[kind];
  const { remote, retry } = useIncidentData((id) => load(id, CARDS), incident);
  return (
    <Widget title={t(title)} remote={remote} onRetry={retry} isEmpty={(rows: Mention[]) => rows.length === 0} testId={`widget-${kind}`}>
      {(rows) => (
        <div className="-my-3 divide-y divide-base-200">
          {rows.map((mention) => (
            <MentionCard key={`${mention.project_id}-${mention.id}`} mention={mention} />
          ))}
        </div>
      )}
    </Widget>
  );
}

/** The sources with the most mentions of the incident. */
export function HotPagesWidget({ incident }: IncidentProps) {
  const { t } = useTranslation();
  const { remote, retry } = useIncidentData(api.incidentHotPages, incident);
  return (
    <Widget
      title={t("crisis.widget.hot_pages")}
      remote={remote}
      onRetry={retry}
      isEmpty={(rows) => rows.length === 0}
      testId="widget-hot-pages"
    >
      {(rows) => <SourcesTable rows={rows} />}
    </Widget>
  );
}

/** The stories (the same news told in many copies) that drove the incident, most copies first. */
export function HotTopicsWidget({ incident }: IncidentProps) {
  const { t } = useTranslation();
  const { remote, retry } = useIncidentData(api.incidentHotTopics, incident);
  return (
    <Widget
      title={t("crisis.widget.hot_topics")}
      remote={remote}
      onRetry={retry}
      isEmpty={(rows) => rows.length === 0}
      testId="widget-hot-topics"
    >
      {(rows) => (
        <ol className="flex flex-col divide-y divide-base-200">
          {rows.map((story, i) => (
            <li key={story.id} className="flex items-start gap-3 py-2.5 text-sm" data-testid="hot-topic">
              <span className="w-5 shrink-0 tabular-nums text-base-content/50">{i + 1}</span>
              <span className="line-clamp-3 min-w-0 flex-1">{story.title}</span>
              <span className="shrink-0 font-medium tabular-nums" title={t("crisis.widget.copies")}>
                {formatNumber(story.mentions)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </Widget>
  );
}

/** The words of the crisis's mentions, each numbered by and opening the crisis's mentions holding it. */
export function IncidentWordCloud({ lang, incident }: IncidentProps & { lang: Lang }) {
  const { t } = useTranslation();
  const { remote, retry } = useIncidentData(api.incidentWordCloud, incident);
  return (
    <Widget
      title={t("crisis.widget.words")}
      remote={remote}
      onRetry={retry}
      isEmpty={(data) => data.words.length === 0}
      skeleton="cloud"
      testId="widget-incident-words"
    >
      {(data) => (
        <WordCloud
          terms={data.words}
          countLabel={(count) => t("overview.word_mentions", { count, value: formatNumber(count) })}
          href={(term) => mentionsPath(lang, incident, { search: term })}
        />
      )}
    </Widget>
  );
}
