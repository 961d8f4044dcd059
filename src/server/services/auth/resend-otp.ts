import { AppError } from "../../errors.ts";
import type { Deps } from "../../deps.ts";
import { assertUnderLimit, recordHit } from "../security/index.ts";
import { findUserByPhone } from "../users/index.ts";
import { LIMITS, OTP_RESEND_COOLDOWN_MS, OTP_TTL_MS } from "./limits.ts";
import { issueOtp } from "./otp.ts";

/** A new code for the step the phone is in: registration while unverified, password reset afterwards; limited as a reset request. */
export async function resendOtp(deps: Deps, phone: string, ip: string) {
  const now = deps.now();
  await assertUnderLimit(deps.db, LIMITS.resetRequestsPerIp, ip, now);
  await recordHit(deps.db, LIMITS.resetRequestsPerIp, ip, now);
  const user = await findUserByPhone(deps.db, phone);
  if (!user) throw AppError.of(404, "auth.phone_not_found", undefined, "phone");
  const otp = await issueOtp(deps, user, user.verified_at ? "reset" : "register", ip);
  return { otp, data: { phone: user.phone, expires_in: OTP_TTL_MS / 1000, resend_in: OTP_RESEND_COOLDOWN_MS / 1000 } };
}
