import { lastCompletePeriod, type ReportFrequency } from "../../../shared/report-periods.ts";
import type { ReportPreview } from "../../../shared/report-types.ts";
import { REPORT_FREQUENCIES } from "../../../shared/schemas/project.ts";
import type { ReportPreviewQuery } from "../../../shared/schemas/report.ts";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import { prepareReport, reportMail } from "./build-report.ts";
import { loadReportAccount } from "./report-account.ts";

/**
 * The e-mail of the last complete period of a frequency (by default the first the account asked for), in the account's
 * report language and addressed to its first report contact, exactly as the scheduler would build it.
 */
export async function previewReport(deps: Deps, userId: number, query: typeof ReportPreviewQuery.infer): Promise<ReportPreview> {
  const brand = await deps.db
    .selectFrom("projects")
    .select("id")
    .where("user_id", "=", userId)
    .where("parent_id", "is", null)
    .executeTakeFirst();
  const account = brand && (await loadReportAccount(deps, brand.id));
  if (!account) throw AppError.of(404, "project.not_found");
  const frequency =
    query.frequency ??
    (account.frequencies.find((f) => (REPORT_FREQUENCIES as readonly string[]).includes(f)) as ReportFrequency | undefined) ??
    "daily";
  const period = lastCompletePeriod(frequency, deps.now());
  const prepared = await prepareReport(deps, account, period, { withExport: false });
  const mail = reportMail(deps, prepared, { recipient: account.emails[0] ?? account.user.email, lateSince: null, images: "data-url" });
  // The product shows it in a sandboxed frame: links open a new tab instead of the frame.
  const html = mail.html.replace("<head>", '<head><base target="_blank"/>');
  return { frequency, period_start: period.start, period_end: period.end, subject: mail.subject, html };
}
