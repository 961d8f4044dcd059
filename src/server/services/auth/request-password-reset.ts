import { normalizePhone, PHONE_PATTERN } from "../../../shared/schemas/fields.ts";
import type { ForgetPasswordBody } from "../../../shared/schemas/account.ts";
import { AppError } from "../../errors.ts";
import type { Deps } from "../../deps.ts";
import { assertCaptcha, assertUnderLimit, recordHit } from "../security/index.ts";
import { findUserByPhone, findUserByUsername, type UserRow } from "../users/index.ts";
import { LIMITS, OTP_RESEND_COOLDOWN_MS, OTP_TTL_MS } from "./limits.ts";
import { maskPhone } from "./mask-phone.ts";
import { issueOtp } from "./otp.ts";

export async function findAccount(deps: Deps, ids: { username?: string; phone?: string }): Promise<UserRow> {
  const phone = ids.phone?.trim();
  const user = phone
    ? PHONE_PATTERN.test(phone)
      ? await findUserByPhone(deps.db, normalizePhone(phone))
      : undefined
    : await findUserByUsername(deps.db, ids.username ?? "");
  if (!user?.verified_at) {
    throw phone
      ? AppError.of(404, "auth.phone_not_found", undefined, "phone")
      : AppError.of(404, "auth.username_not_found", undefined, "username");
  }
  return user;
}

/**
 * Texts a reset code to the account's phone; the answer shows the phone masked, never in full. Limited per address and
 * per (phone, address), never per phone alone, so requests from elsewhere cannot use up the owner's codes.
 */
export async function requestPasswordReset(deps: Deps, input: typeof ForgetPasswordBody.infer, ip: string) {
  const now = deps.now();
  await assertCaptcha(deps.config.recaptcha, input.captcha_token, ip);
  await assertUnderLimit(deps.db, LIMITS.resetRequestsPerIp, ip, now);
  await recordHit(deps.db, LIMITS.resetRequestsPerIp, ip, now);
  const user = await findAccount(deps, input);
  const otp = await issueOtp(deps, user, "reset", ip);
  return {
    otp,
    data: {
      phone_masked: maskPhone(user.phone),
      expires_in: OTP_TTL_MS / 1000,
      resend_in: OTP_RESEND_COOLDOWN_MS / 1000,
    },
  };
}
