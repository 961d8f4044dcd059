import { SENTIMENTS } from "../../../shared/sentiment.ts";
import type { ReportPeriod } from "../../../shared/report-periods.ts";
import { translate, type Lang, type MessageKey } from "../../../i18n/index.ts";
import type { Deps } from "../../deps.ts";
import type { MailAttachment } from "../../notify/mail.ts";
import { exportMentions } from "../mentions/index.ts";
import type { ReportAccount } from "./report-account.ts";
import { lineChartSvg, stackedBarsSvg, svgToPng } from "./report-charts.ts";
import { reportFigures, reportQueries, type ReportFigures } from "./report-figures.ts";
import type { ReportSection } from "./report-section.ts";
import { reportSections } from "./report-sections.ts";
import { reportText } from "./report-text.ts";
import { reportView } from "./report-view.ts";
import { reportHtml } from "./ReportEmail.tsx";

/**
 * Past this many mentions the Excel file (about 100 bytes a row once compressed, and far more for long posts) risks
 * the 10–25 MB limits of common mail servers; the e-mail then says so and points to the export on the Mention screen.
 */
const MAX_ATTACHED_ROWS = 50_000;

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

type PreparedReport = {
  account: ReportAccount;
  lang: Lang;
  figures: ReportFigures;
  charts: { trend: Buffer; sentiment: Buffer };
  export: { file: Buffer; filename: string; rows: number } | null;
  /** What the e-mail says of the attachment: attached (with its rows) or too large; also for a preview without the file. */
  attachment: { attached: boolean; rows: number };
  sections: ReportSection[];
};

/**
 * The figures, the two charts, the other features' sections and (unless it is only a preview) the period's Excel export
 * with the sections' sheets: the same for every recipient.
 */
export async function prepareReport(
  deps: Deps,
  account: ReportAccount,
  period: ReportPeriod,
  options: { withExport: boolean },
): Promise<PreparedReport> {
  const lang = account.user.language;
  const figures = await reportFigures(deps, account.auth, account.tree, period);
  const { trend, sentimentTrend } = figures;
  const trendSeries = trend.series.map((s) => ({
    color: figures.projects.find((p) => p.id === s.key)?.color ?? "#9CA3AF",
    values: s.values,
  }));
  const sentimentSeries = sentimentTrend.series.map((s) => ({ color: SENTIMENTS[s.key].color, values: s.values }));
  const charts = {
    trend: svgToPng(lineChartSvg(trend.buckets, trend.granularity, trendSeries)),
    sentiment: svgToPng(stackedBarsSvg(sentimentTrend.buckets, sentimentTrend.granularity, sentimentSeries)),
  };
  const sections = await reportSections(deps, { user: account.auth, tree: account.tree, period, lang });
  const attachable = figures.stats.total_mention <= MAX_ATTACHED_ROWS;
  const exported =
    options.withExport && attachable
      ? await exportMentions(
          deps,
          account.auth,
          { type_time: "custom", ...reportQueries(account.tree, period).brand },
          lang,
          sections.flatMap((section) => section.sheet ?? []),
        )
      : null;
  const file = translate(lang, `report.file.${period.frequency}` as MessageKey);
  return {
    account,
    lang,
    figures,
    charts,
    export: exported && { file: exported.file, rows: exported.rows, filename: `nghe-${file}-${period.start}.xlsx` },
    attachment: { attached: attachable, rows: exported?.rows ?? figures.stats.total_mention },
    sections,
  };
}

/**
 * One recipient's e-mail. In mail the charts are inline attachments (cid:), which mail clients show without asking to
 * load remote images; the in-product preview gets them as data: URLs instead.
 */
export function reportMail(
  deps: Deps,
  prepared: PreparedReport,
  options: { recipient: string; lateSince: Date | null; images: "inline" | "data-url" },
) {
  const view = reportView({
    figures: prepared.figures,
    lang: prepared.lang,
    publicUrl: deps.config.publicUrl,
    supportPhone: deps.config.supportPhone,
    recipient: options.recipient,
    lateSince: options.lateSince,
    attachment: prepared.attachment,
    sections: prepared.sections,
  });
  const png = (name: string, bytes: Buffer): MailAttachment => ({
    filename: `${name}.png`,
    content: bytes,
    contentType: "image/png",
    cid: `${name}@nghe`,
  });
  const images =
    options.images === "inline"
      ? { trend: "cid:trend@nghe", sentiment: "cid:sentiment@nghe" }
      : { trend: dataUrl(prepared.charts.trend), sentiment: dataUrl(prepared.charts.sentiment) };
  const attachments: MailAttachment[] = [png("trend", prepared.charts.trend), png("sentiment", prepared.charts.sentiment)];
  if (prepared.export) attachments.push({ filename: prepared.export.filename, content: prepared.export.file, contentType: XLSX_TYPE });
  return { subject: view.subject, html: reportHtml(view, images), text: reportText(view), attachments };
}

const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString("base64")}`;
