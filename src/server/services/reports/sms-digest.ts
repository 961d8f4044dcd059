import { translate, type Lang, type MessageKey, type PluralKey } from "../../../i18n/index.ts";
import { formatNumber, percentages } from "../../../shared/format.ts";
import { cheaperSpelling, type SmsCost } from "../../notify/sms-segments.ts";
import type { ReportFigures } from "./report-figures.ts";
import type { ReportSection } from "./report-section.ts";

export const MAX_SMS_SEGMENTS = 2;

/** Parts dropped, in this order, while the digest is longer than two segments. */
const OPTIONAL = ["views", "posts", "interactions"] as const;

/** 20/11 for a day, 16/11-22/11 for a week (the spec's weekly axis label). */
function shortPeriod(period: ReportFigures["period"]): string {
  const dm = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`;
  return period.start === period.end ? dm(period.start) : `${dm(period.start)}-${dm(period.end)}`;
}

function compose(report: DigestInput, link: string, project: string, dropped: readonly string[]): string {
  const { figures, lang } = report;
  const t = (key: MessageKey, value: string) => translate(lang, key, { value });
  const counted = (key: PluralKey, count: number) => translate(lang, key, { count, value: formatNumber(count) });
  const { stats, sentiment } = figures;
  const change = stats.change.total_mention;
  const changeText = change === null ? "" : ` (${change > 0 ? "+" : ""}${formatNumber(change, 1)}%)`;
  const negative = percentages([sentiment.neutral, sentiment.positive, sentiment.negative])[2];
  const parts = [
    counted("report.sms.mentions", stats.total_mention) + changeText,
    dropped.includes("posts") ? null : counted("report.sms.posts", stats.total_post),
    dropped.includes("interactions")
      ? null
      : counted("report.sms.interactions", stats.total_like + stats.total_share + stats.total_comment),
    dropped.includes("views") ? null : counted("report.sms.views", stats.total_view),
    t("report.sms.negative", formatNumber(negative, 1)),
    ...report.sections.flatMap((section) => section.sms ?? []),
  ].filter((part): part is string => part !== null);
  const head = translate(lang, "report.sms.head", { project, period: shortPeriod(figures.period) });
  return `${head} ${parts.join(", ")}. ${translate(lang, "report.sms.link", { url: link })}`;
}

/** What a digest reads of a prepared report: its figures, its language and the sections' SMS parts. */
type DigestInput = { figures: ReportFigures; lang: Lang; sections: readonly Pick<ReportSection, "sms">[] };

/**
 * The SMS digest of a daily or weekly report: the mentions and their change, posts, interactions, views, the negative
 * share, the sections' parts (the period's crises) and a short link; at most two segments: optional counters go first,
 * then the project name is shortened.
 */
export function smsDigest(report: DigestInput, link: string): { text: string } & SmsCost {
  const name = report.figures.projects[0].name;
  for (let drop = 0; drop <= OPTIONAL.length; drop += 1) {
    const digest = cheaperSpelling(compose(report, link, name, OPTIONAL.slice(0, drop)));
    if (digest.segments <= MAX_SMS_SEGMENTS) return digest;
  }
  for (let length = name.length - 1; length > 0; length -= 1) {
    const digest = cheaperSpelling(compose(report, link, `${name.slice(0, length).trimEnd()}.`, OPTIONAL));
    if (digest.segments <= MAX_SMS_SEGMENTS) return digest;
  }
  throw new Error("the SMS digest does not fit two segments even without the project name");
}
