import { AppError } from "../../errors.ts";
import type { Deps } from "../../deps.ts";

/** Sends through the configured gateway and keeps every message, sent or not, in the outbox for staff. */
export async function sendSms(
  deps: Deps,
  message: { userId: number | null; to: string; text: string; reportDeliveryId?: number },
): Promise<void> {
  let error: string | null = null;
  try {
    await deps.sms.send(message.to, message.text);
  } catch (cause) {
    error = (cause as Error).message;
    deps.log.error(`SMS to ${message.to} failed`, cause);
  }
  await deps.db
    .insertInto("outbox_messages")
    .values({
      user_id: message.userId,
      channel: "sms",
      recipient: message.to,
      subject: null,
      body: message.text,
      provider: deps.sms.name,
      status: error ? "failed" : "sent",
      error,
      created_at: deps.now(),
      report_delivery_id: message.reportDeliveryId ?? null,
    })
    .execute();
  if (error) throw AppError.of(503, "error.sms_failed");
}
