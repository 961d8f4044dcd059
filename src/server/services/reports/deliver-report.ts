import type { Deps } from "../../deps.ts";
import { sendMail, sendSms } from "../notifications/index.ts";
import { prepareReport, reportMail } from "./build-report.ts";
import type { DeliveryRow } from "./claim-delivery.ts";
import { loadReportAccount, receivingBlocked, reportRecipients } from "./report-account.ts";
import { reportShortLink } from "./report-links.ts";
import { smsDigest } from "./sms-digest.ts";

/** Waits before the next attempt after 1, 2, 3… failed ones; after the last the delivery is marked failed. */
const RETRY_DELAYS_MS = [5, 15, 60, 180, 540].map((minutes) => minutes * 60_000);
const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

export type DeliveryOutcome = {
  status: "sent" | "pending" | "failed" | "cancelled";
  reached: number;
  missed: string[];
  error: string | null;
};

/**
 * Sends a claimed delivery to every recipient the outbox does not already show as reached (so a retry after a
 * partial failure, or after a worker died mid-way, repeats nothing), then records the outcome: sent, a later attempt
 * with backoff, failed for good, or cancelled when the account may no longer receive reports.
 */
export async function deliverReport(deps: Deps, delivery: DeliveryRow): Promise<DeliveryOutcome> {
  const account = await loadReportAccount(deps, delivery.project_id);
  const blocked = account ? receivingBlocked(account) : "the project no longer exists";
  if (!account || blocked) return finish(deps, delivery, { status: "cancelled", reached: 0, missed: [], error: blocked });

  const period = { frequency: delivery.frequency, start: delivery.period_start, end: delivery.period_end };
  const { emails, phones } = reportRecipients(account, delivery.frequency);
  if (emails.length + phones.length === 0)
    return finish(deps, delivery, { status: "cancelled", reached: 0, missed: [], error: "no contacts to send to" });
  const reached = await reachedRecipients(deps, delivery.id);
  const pendingEmails = emails.filter((e) => !reached.has(`email:${e}`));
  const pendingPhones = phones.filter((p) => !reached.has(`sms:${p}`));

  const missed: string[] = [];
  try {
    const prepared = await prepareReport(deps, account, period, { withExport: pendingEmails.length > 0 });
    const lateSince = delivery.reason === "catch-up" ? delivery.due_at : null;
    for (const to of pendingEmails) {
      const mail = reportMail(deps, prepared, { recipient: to, lateSince, images: "inline" });
      if (!(await sendMail(deps, { ...mail, to, userId: account.user.id, reportDeliveryId: delivery.id }))) missed.push(to);
    }
    if (pendingPhones.length > 0) {
      const sms = smsDigest(prepared, reportShortLink(deps, delivery.short_code));
      for (const to of pendingPhones) {
        await sendSms(deps, { userId: account.user.id, to, text: sms.text, reportDeliveryId: delivery.id }).catch(() => missed.push(to));
      }
    }
  } catch (cause) {
    deps.log.error(`Report delivery ${delivery.id} could not be built`, cause);
    return finish(deps, delivery, retryOrFail(delivery, 0, [...pendingEmails, ...pendingPhones], (cause as Error).message));
  }
  const reachedNow = pendingEmails.length + pendingPhones.length - missed.length;
  if (missed.length === 0) return finish(deps, delivery, { status: "sent", reached: reachedNow, missed, error: null });
  return finish(deps, delivery, retryOrFail(delivery, reachedNow, missed, `not reached: ${missed.join(", ")}`));
}

function retryOrFail(delivery: DeliveryRow, reached: number, missed: string[], error: string): DeliveryOutcome {
  return { status: delivery.attempts >= MAX_ATTEMPTS ? "failed" : "pending", reached, missed, error };
}

/** Channel and address of every recipient a delivery has reached, from its outbox messages. */
async function reachedRecipients(deps: Deps, deliveryId: number): Promise<Set<string>> {
  const rows = await deps.db
    .selectFrom("outbox_messages")
    .select(["channel", "recipient"])
    .where("report_delivery_id", "=", deliveryId)
    .where("status", "=", "sent")
    .execute();
  return new Set(rows.map((r) => `${r.channel}:${r.recipient}`));
}

async function finish(deps: Deps, delivery: DeliveryRow, outcome: DeliveryOutcome): Promise<DeliveryOutcome> {
  const now = deps.now();
  const retryAt = new Date(now.getTime() + RETRY_DELAYS_MS[Math.min(delivery.attempts, RETRY_DELAYS_MS.length) - 1]);
  await deps.db
    .updateTable("report_deliveries")
    .set({
      status: outcome.status,
      last_error: outcome.error,
      lease_owner: null,
      lease_until: null,
      next_attempt_at: outcome.status === "pending" ? retryAt : delivery.next_attempt_at,
      sent_at: outcome.status === "sent" ? now : null,
    })
    .where("id", "=", delivery.id)
    .where("lease_owner", "=", delivery.lease_owner)
    .execute();
  return outcome;
}
