import { randomUUID } from "node:crypto";
import { lastCompletePeriod, periodContaining, periodEndsAt, reportDueAt, type ReportFrequency } from "../../../shared/report-periods.ts";
import type { Deps } from "../../deps.ts";
import { prepareReport, reportMail } from "./build-report.ts";
import { claimDelivery, type DeliveryRow } from "./claim-delivery.ts";
import { deliverReport, type DeliveryOutcome } from "./deliver-report.ts";
import { newShortCode } from "./plan-due-reports.ts";
import { loadReportAccount, receivingBlocked, reportRecipients } from "./report-account.ts";
import { smsDigest } from "./sms-digest.ts";

type SendRequest = { projectId: number; frequency: ReportFrequency; date?: string; dryRun: boolean; force: boolean };

type SendResult =
  | { kind: "refused"; reason: string }
  | { kind: "already-sent"; delivery: Pick<DeliveryRow, "id" | "sent_at"> }
  | {
      kind: "dry-run";
      period: { start: string; end: string };
      emails: string[];
      phones: string[];
      subject: string;
      attachment: string | null;
      rows: number;
      sms: { text: string; encoding: string; segments: number } | null;
      existing: string | null;
    }
  | { kind: "sent"; deliveryId: number; outcome: DeliveryOutcome };

/**
 * Staff's `report send`: the report of the period holding `date` (by default the last complete one) to the project's
 * contacts, unless that period's report was delivered already; `force` sends it again as a delivery of its own.
 */
export async function sendReportNow(deps: Deps, request: SendRequest): Promise<SendResult> {
  const now = deps.now();
  const account = await loadReportAccount(deps, request.projectId);
  if (!account)
    return { kind: "refused", reason: `No brand project with id ${request.projectId} (competitors get no reports of their own).` };
  const period = request.date ? periodContaining(request.frequency, request.date) : lastCompletePeriod(request.frequency, now);
  if (periodEndsAt(period) > now) return { kind: "refused", reason: `The period ${period.start} – ${period.end} has not ended yet.` };
  const blocked = receivingBlocked(account);
  if (blocked) return { kind: "refused", reason: `No report: ${blocked}.` };
  const { emails, phones } = reportRecipients(account, request.frequency);
  if (emails.length + phones.length === 0)
    return { kind: "refused", reason: "The project has no report contacts (e-mails, or phones for daily and weekly SMS)." };

  const existing = await deps.db
    .selectFrom("report_deliveries")
    .selectAll()
    .where("project_id", "=", request.projectId)
    .where("frequency", "=", request.frequency)
    .where("period_start", "=", period.start)
    .where("reason", "!=", "staff-forced")
    .executeTakeFirst();

  if (request.dryRun) {
    const prepared = await prepareReport(deps, account, period, { withExport: true });
    const mail = reportMail(deps, prepared, { recipient: emails[0] ?? account.user.email, lateSince: null, images: "inline" });
    const sms = phones.length > 0 ? smsDigest(prepared, `${deps.config.publicUrl}/r/XXXXXXXX`) : null;
    return {
      kind: "dry-run",
      period,
      emails,
      phones,
      subject: mail.subject,
      attachment: prepared.export?.filename ?? null,
      rows: prepared.attachment.rows,
      sms: sms && { text: sms.text, encoding: sms.encoding, segments: sms.segments },
      existing: existing ? `delivery #${existing.id}: ${existing.status}` : null,
    };
  }
  if (existing?.status === "sent" && !request.force) return { kind: "already-sent", delivery: existing };

  const id =
    request.force || !existing ? await insertDelivery(deps, account.user.id, request, period, now) : await reopen(deps, existing.id, now);
  const claimed = await claimDelivery(deps, `staff:${randomUUID()}`, id);
  if (!claimed) return { kind: "refused", reason: `Delivery #${id} is being sent by a worker right now; see \`report list\`.` };
  return { kind: "sent", deliveryId: id, outcome: await deliverReport(deps, claimed) };
}

async function insertDelivery(
  deps: Deps,
  userId: number,
  request: SendRequest,
  period: { start: string; end: string },
  now: Date,
): Promise<number> {
  const full = { frequency: request.frequency, ...period };
  const row = await deps.db
    .insertInto("report_deliveries")
    .values({
      project_id: request.projectId,
      user_id: userId,
      frequency: request.frequency,
      period_start: period.start,
      period_end: period.end,
      due_at: reportDueAt(full),
      reason: request.force ? "staff-forced" : "staff",
      next_attempt_at: now,
      short_code: newShortCode(),
      created_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A pending, failed or cancelled delivery goes again from its first attempt; reached recipients stay reached. */
async function reopen(deps: Deps, id: number, now: Date): Promise<number> {
  await deps.db
    .updateTable("report_deliveries")
    .set({ status: "pending", attempts: 0, next_attempt_at: now, last_error: null })
    .where("id", "=", id)
    .where("status", "!=", "sent")
    .execute();
  return id;
}
