import { ACCOUNT_TYPE } from "../../../shared/account.ts";
import type { NotificationBody } from "../../../shared/schemas/project.ts";
import { AppError } from "../../errors.ts";
import type { Deps } from "../../deps.ts";
import { findUserById } from "../users/index.ts";
import type { NotificationSettingsSchema } from "../../../shared/schemas/answers.ts";

/** How many phones an account may register for alerts: one on trial, five once contracted. */
const PHONES_BY_ACCOUNT = { [ACCOUNT_TYPE.trial]: 1, [ACCOUNT_TYPE.contracted]: 5, [ACCOUNT_TYPE.locked]: 0 } as const;
const MAX_EMAILS = 5;

async function limits(deps: Deps, userId: number) {
  const user = await findUserById(deps.db, userId);
  return { user, phones: PHONES_BY_ACCOUNT[user?.account_type ?? 0] };
}

/**
 * Spec §3 Notification settings. receives_reports is shown but only staff change it (spec §1: the customer must
 * contact customer service), so it is not part of the update. language is the account's report language.
 */
export async function showNotificationSettings(deps: Deps, userId: number): Promise<typeof NotificationSettingsSchema.infer> {
  const { user, phones } = await limits(deps, userId);
  const row = await deps.db.selectFrom("notification_settings").selectAll().where("user_id", "=", userId).executeTakeFirst();
  return {
    id: userId,
    time_reports: row?.time_reports ?? [],
    phones: row?.phones ?? [],
    emails: row?.emails ?? [],
    quantity_phone_number: phones,
    receives_reports: user?.receives_reports ?? true,
    language: user?.language ?? "vi",
  };
}

export async function updateNotificationSettings(deps: Deps, userId: number, input: typeof NotificationBody.infer) {
  const { phones: maxPhones } = await limits(deps, userId);
  const phones = [...new Set(input.phones)];
  const emails = [...new Map(input.emails.map((e) => [e.toLowerCase(), e])).values()];
  if (phones.length > maxPhones) throw AppError.of(422, "notify.too_many_phones", { max: maxPhones }, "phones");
  if (emails.length > MAX_EMAILS) throw AppError.of(422, "notify.too_many_emails", { max: MAX_EMAILS }, "emails");
  const values = { user_id: userId, time_reports: [...new Set(input.time_reports)], phones, emails, updated_at: deps.now() };
  await deps.db
    .insertInto("notification_settings")
    .values(values)
    .onConflict((oc) =>
      oc.column("user_id").doUpdateSet({ time_reports: values.time_reports, phones, emails, updated_at: values.updated_at }),
    )
    .execute();
  if (input.language)
    await deps.db.updateTable("users").set({ language: input.language, updated_at: values.updated_at }).where("id", "=", userId).execute();
  return showNotificationSettings(deps, userId);
}
