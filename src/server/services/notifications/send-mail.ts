import type { Deps } from "../../deps.ts";
import type { Mail } from "../../notify/mail.ts";

/** Sends through the configured provider and keeps every mail, sent or not, in the outbox; tells whether it went out. */
export async function sendMail(deps: Deps, mail: Mail & { userId?: number | null; reportDeliveryId?: number }): Promise<boolean> {
  let error: string | null = null;
  try {
    await deps.mail.send(mail);
  } catch (cause) {
    error = (cause as Error).message;
    deps.log.error(`Mail to ${mail.to} failed`, cause);
  }
  await deps.db
    .insertInto("outbox_messages")
    .values({
      user_id: mail.userId ?? null,
      channel: "email",
      recipient: mail.to,
      subject: mail.subject,
      body: mail.text,
      provider: deps.mail.name,
      status: error ? "failed" : "sent",
      error,
      created_at: deps.now(),
      report_delivery_id: mail.reportDeliveryId ?? null,
    })
    .execute();
  return error === null;
}
