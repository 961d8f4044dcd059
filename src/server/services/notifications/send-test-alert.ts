import { localePath, translate, type MessageKey } from "../../../i18n/index.ts";
import type { TestAlertBody } from "../../../shared/schemas/project.ts";
import { AppError } from "../../errors.ts";
import type { Deps } from "../../deps.ts";
import { assertUnderLimit, recordHit, type Limit } from "../security/index.ts";
import { findUserById } from "../users/index.ts";
import { sendMail } from "./send-mail.ts";
import { sendSms } from "./send-sms.ts";
import { showNotificationSettings } from "./notification-settings.ts";
import type { TestAlertResultSchema } from "../../../shared/schemas/answers.ts";

const MINUTE = 60_000;
/** One test per contact a minute, and a few an hour per account: enough to check each contact, too few to spam anyone. */
const TEST_ALERT_LIMITS = {
  perContact: { bucket: "test-alert-contact", max: 1, windowMs: MINUTE },
  perAccount: { bucket: "test-alert-account", max: 10, windowMs: 60 * MINUTE },
} as const satisfies Record<string, Limit>;

/**
 * A test alert to one of the account's saved contacts, written like a crisis alert (in the report language) and sent
 * through the same providers and outbox. `delivered` is false when the server has no real provider for the channel
 * (the console one only writes the message to the log), so the screen never claims a message arrived when it did not.
 */
export async function sendTestAlert(
  deps: Deps,
  userId: number,
  input: typeof TestAlertBody.infer,
): Promise<typeof TestAlertResultSchema.infer> {
  const settings = await showNotificationSettings(deps, userId);
  const saved = input.channel === "email" ? settings.emails : settings.phones;
  const to = saved.find((contact) => contact.toLowerCase() === input.to.trim().toLowerCase());
  if (!to) throw AppError.of(422, "notify.test_not_saved", undefined, "to");
  const now = deps.now();
  await assertUnderLimit(deps.db, TEST_ALERT_LIMITS.perAccount, String(userId), now);
  await assertUnderLimit(deps.db, TEST_ALERT_LIMITS.perContact, `${userId}:${input.channel}:${to}`, now);
  await recordHit(deps.db, TEST_ALERT_LIMITS.perAccount, String(userId), now);
  await recordHit(deps.db, TEST_ALERT_LIMITS.perContact, `${userId}:${input.channel}:${to}`, now);

  const user = await findUserById(deps.db, userId);
  const brand = await deps.db
    .selectFrom("projects")
    .select("name")
    .where("user_id", "=", userId)
    .where("parent_id", "is", null)
    .executeTakeFirst();
  const lang = user?.language ?? "vi";
  const params = { project: brand?.name ?? "Nghe", link: `${deps.config.publicUrl}${localePath(lang, "/crisis-management")}` };
  const t = (key: MessageKey) => translate(lang, key, params);
  if (input.channel === "email") {
    const sent = await sendMail(deps, { to, subject: t("notify.test.subject"), text: t("notify.test.mail"), userId });
    if (!sent) throw AppError.of(503, "notify.test_mail_failed", undefined, "to");
  } else {
    await sendSms(deps, { userId, to, text: t("notify.test.sms") });
  }
  const provider = input.channel === "email" ? deps.mail.name : deps.sms.name;
  return { channel: input.channel, to, delivered: provider !== "console" };
}
