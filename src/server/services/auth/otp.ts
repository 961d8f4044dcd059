import { createHash } from "node:crypto";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import { sendSms } from "../notifications/send-sms.ts";
import { assertUnderLimit, recordHit, tooManyRequests } from "../security/rate-limit.ts";
import { newOtpCode } from "../security/tokens.ts";
import { LIMITS, OTP_MAX_ATTEMPTS, OTP_RESEND_COOLDOWN_MS, OTP_TTL_MS } from "./limits.ts";

export type OtpPurpose = "register" | "reset";
type OtpUser = { id: number; phone: string };

const hashCode = (userId: number, code: string) => createHash("sha256").update(`${userId}:${code}`).digest("hex");

/**
 * Issues a new 6-digit code (the previous one stops working), at most once a minute and five times an hour per phone,
 * and texts it. Returns the code so development endpoints can show it.
 */
export async function issueOtp(deps: Deps, user: OtpUser, purpose: OtpPurpose): Promise<string> {
  const now = deps.now();
  const last = await deps.db
    .selectFrom("otps")
    .select("created_at")
    .where("user_id", "=", user.id)
    .where("purpose", "=", purpose)
    .orderBy("created_at", "desc")
    .executeTakeFirst();
  const waitMs = last ? new Date(last.created_at).getTime() + OTP_RESEND_COOLDOWN_MS - now.getTime() : 0;
  if (waitMs > 0) throw tooManyRequests(Math.ceil(waitMs / 1000));
  await assertUnderLimit(deps.db, LIMITS.otpSendsPerPhone, user.phone, now);

  const code = newOtpCode();
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable("otps")
      .set({ consumed_at: now })
      .where("user_id", "=", user.id)
      .where("purpose", "=", purpose)
      .where("consumed_at", "is", null)
      .execute();
    await trx
      .insertInto("otps")
      .values({
        user_id: user.id,
        purpose,
        code_hash: hashCode(user.id, code),
        created_at: now,
        expires_at: new Date(now.getTime() + OTP_TTL_MS),
      })
      .execute();
  });
  await recordHit(deps.db, LIMITS.otpSendsPerPhone, user.phone, now);
  await sendSms(deps, {
    userId: user.id,
    to: user.phone,
    text: `Ma xac thuc Nghe cua ban la ${code}. Ma co hieu luc trong 5 phut. Khong chia se ma nay.`,
  });
  return code;
}

/** Accepts the current code once; wrong codes count, and after five the code is dead and a new one is needed. */
export async function consumeOtp(deps: Deps, userId: number, purpose: OtpPurpose, code: string, ip: string): Promise<void> {
  const now = deps.now();
  await assertUnderLimit(deps.db, LIMITS.otpChecksPerIp, ip, now);
  await recordHit(deps.db, LIMITS.otpChecksPerIp, ip, now);
  const otp = await deps.db
    .selectFrom("otps")
    .selectAll()
    .where("user_id", "=", userId)
    .where("purpose", "=", purpose)
    .where("consumed_at", "is", null)
    .orderBy("created_at", "desc")
    .executeTakeFirst();
  if (!otp) throw AppError.of(422, "auth.otp_missing", undefined, "otp");
  if (otp.attempts >= OTP_MAX_ATTEMPTS) throw AppError.of(422, "auth.otp_too_many", undefined, "otp");
  if (new Date(otp.expires_at) <= now) throw AppError.of(422, "auth.otp_expired", undefined, "otp");
  if (otp.code_hash !== hashCode(userId, code)) {
    const attempts = otp.attempts + 1;
    await deps.db.updateTable("otps").set({ attempts }).where("id", "=", otp.id).execute();
    throw AppError.of(
      422,
      attempts >= OTP_MAX_ATTEMPTS ? "auth.otp_too_many" : "auth.otp_wrong",
      { left: OTP_MAX_ATTEMPTS - attempts },
      "otp",
    );
  }
  const consumed = await deps.db
    .updateTable("otps")
    .set({ consumed_at: now })
    .where("id", "=", otp.id)
    .where("consumed_at", "is", null)
    .executeTakeFirst();
  if (Number(consumed.numUpdatedRows) !== 1) throw AppError.of(422, "auth.otp_missing", undefined, "otp");
}
