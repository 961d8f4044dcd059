import { COUNTERS_SHOWN } from "../../../shared/api-types.ts";
import { describeChange, type Change } from "../../../shared/change.ts";
import { formatNumber, percentages, vietnamParts } from "../../../shared/format.ts";
import { periodLabel, type ReportPeriod } from "../../../shared/report-periods.ts";
import { SENTIMENTS } from "../../../shared/sentiment.ts";
import { localePath, translate, type Lang, type MessageKey, type PluralKey } from "../../../i18n/index.ts";
import { channelName } from "../../../shared/names.ts";
import type { ReportFigures } from "./report-figures.ts";
import type { ReportSection } from "./report-section.ts";

const EXCERPT = 160;

const pad2 = (n: number) => String(n).padStart(2, "0");
/** HH:MM DD/MM/YYYY in Vietnam time, for every moment the report names. */
export const timeLabel = (at: Date) => {
  const p = vietnamParts(at);
  return `${pad2(p.hour)}:${pad2(p.minute)} ${pad2(p.day)}/${pad2(p.month)}/${p.year}`;
};

/** The dashboard showing the same period and filters as the report. */
export function dashboardUrl(publicUrl: string, lang: Lang, period: Pick<ReportPeriod, "start" | "end">): string {
  const query = new URLSearchParams({ type_time: "custom", start_date: period.start, end_date: period.end });
  return `${publicUrl}${localePath(lang, "/overview")}?${query}`;
}

/** Only web addresses become links: collected and ingested URLs are not trusted to be http(s). */
const webLink = (url: string | null) => (url && /^https?:\/\//i.test(url) ? url : null);

type ReportViewInput = {
  figures: ReportFigures;
  lang: Lang;
  publicUrl: string;
  supportPhone: string;
  recipient: string;
  /** When the report was due, if it goes out late (after a downtime). */
  lateSince: Date | null;
  /** Rows of the attached export, or the mention count when it was too large to attach. */
  attachment: { attached: boolean; rows: number };
  sections: ReportSection[];
};

/** Everything the e-mail says, in words and numbers; the HTML and the plain-text parts are two layouts of it. */
export function reportView(input: ReportViewInput) {
  const { figures, lang } = input;
  const t = (key: MessageKey | PluralKey, params?: Record<string, string | number>) => translate(lang, key, params);
  const project = figures.projects[0];
  const title = t(`report.title.${figures.period.frequency}` as MessageKey);
  const period = periodLabel(figures.period);
  const shares = percentages(figures.comparison.map((row) => row.total_mention));
  const sentimentCounts = [1, 0, 2].map((id) => SENTIMENTS[id]).map((s) => ({ ...s, count: figures.sentiment[s.name] }));
  const sentimentShares = percentages(sentimentCounts.map((s) => s.count));
  const nameOf = (id: number) => figures.projects.find((p) => p.id === id);
  return {
    lang,
    title,
    projectName: project.name,
    subject: t("report.subject", { title, project: project.name, period }),
    period: t("report.period", { period }),
    comparedWith: t("report.compared_with", { period: periodLabel(figures.previous) }),
    late: input.lateSince ? t("report.late", { due: timeLabel(input.lateSince) }) : null,
    statsTitle: t("overview.stats_title"),
    counters: COUNTERS_SHOWN.map((key) => ({
      key,
      label: t(`overview.counter.${key}` as MessageKey),
      value: formatNumber(figures.stats[key]),
      change: describeChange(figures.stats.change[key]) satisfies Change,
      previous: t("overview.previous_period", { value: formatNumber(figures.stats.previous[key]) }),
    })),
    isEmpty: figures.stats.total_mention === 0,
    noMentions: t("report.no_mentions"),
    shareTitle: t("overview.sov_title"),
    shareHeaders: { project: t("report.project"), mentions: t("report.mentions"), share: t("report.share") },
    shareOfVoice: figures.comparison.map((row, i) => ({
      name: nameOf(row.project_id)?.name ?? String(row.project_id),
      color: nameOf(row.project_id)?.color ?? "#9CA3AF",
      mentions: formatNumber(row.total_mention),
      percent: shares[i],
    })),
    sentimentTitle: t("overview.sentiment_title"),
    sentiments: sentimentCounts.map((s, i) => ({
      label: t(`filters.sentiment.${s.name}` as MessageKey),
      color: s.color,
      count: formatNumber(s.count),
      percent: sentimentShares[i],
    })),
    trendTitle: t("overview.trend_title"),
    trendAlt: t("report.chart_trend_alt"),
    trendLegend: figures.projects.map((p) => ({ label: p.name, color: p.color })),
    sentimentTrendTitle: t("overview.sentiment_trend_title"),
    sentimentTrendAlt: t("report.chart_sentiment_alt"),
    sentimentLegend: SENTIMENTS.map((s) => ({ label: t(`filters.sentiment.${s.name}` as MessageKey), color: s.color })),
    mentionsTitle: t("overview.hot_title"),
    mentions: figures.topMentions.map((m) => {
      const text = (m.title?.trim() || m.content).replace(/\s+/g, " ");
      return {
        text: text.length > EXCERPT ? `${text.slice(0, EXCERPT - 1).trimEnd()}…` : text,
        url: webLink(m.url),
        meta: [
          m.source_name,
          channelName(lang, m.channel_id),
          timeLabel(m.published_at),
          t("overview.interactions_count", { count: m.interactions, value: formatNumber(m.interactions) }),
        ]
          .filter(Boolean)
          .join(" · "),
      };
    }),
    openOriginal: t("overview.open_original"),
    sourcesTitle: t("overview.sources_title"),
    sourceHeaders: {
      source: t("overview.source"),
      channel: t("overview.channel"),
      mentions: t("report.mentions"),
      interactions: t("report.interactions"),
    },
    sources: figures.topSources.map((s) => ({
      name: s.source_name,
      url: webLink(s.source_url),
      channel: channelName(lang, s.channel_id),
      mentions: formatNumber(s.total_mention),
      interactions: formatNumber(s.total_interaction),
    })),
    sections: input.sections,
    dashboardUrl: dashboardUrl(input.publicUrl, lang, figures.period),
    openDashboard: t("report.open_dashboard"),
    attachmentNote: input.attachment.attached
      ? t("report.attachment", { count: input.attachment.rows, value: formatNumber(input.attachment.rows) })
      : t("report.attachment_too_large", { count: input.attachment.rows, value: formatNumber(input.attachment.rows) }),
    footer: t("report.footer", { email: input.recipient, project: project.name }),
    manageUrl: `${input.publicUrl}${localePath(lang, "/project-setting/notify")}`,
    support: t("report.support", { phone: input.supportPhone }),
  };
}

export type ReportView = ReturnType<typeof reportView>;
