import { AppError } from "../../errors.ts";
import type { Deps } from "../../deps.ts";
import { cheaperSpelling } from "../../notify/sms-segments.ts";

/**
 * Sends through the configured gateway and keeps every message, sent or not, in the outbox for staff. A text whose
 * marks would cost an extra segment (a brand name in a plain template) goes without them.
 */
export async function sendSms(
  deps: Deps,
  message: { userId: number | null; to: string; text: string; reportDeliveryId?: number },
): Promise<void> {
  const { text } = cheaperSpelling(message.text);
  let error: string | null = null;
  try {
    await deps.sms.send(message.to, text);
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
      body: text,
      provider: deps.sms.name,
      status: error ? "failed" : "sent",
      error,
      created_at: deps.now(),
      report_delivery_id: message.reportDeliveryId ?? null,
    })
    .execute();
  if (error) throw AppError.of(503, "error.sms_failed");
}
