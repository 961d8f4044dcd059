import { createHash } from "node:crypto";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import { sendSms } from "../notifications/index.ts";
import { assertBackoffElapsed, backoffDelayMs, assertUnderLimit, hitsWithin, recordHit, newOtpCode } from "../security/index.ts";
import { LIMITS, OTP_PAIR_BACKOFF, OTP_TTL_MS } from "./limits.ts";

type OtpPurpose = "register" | "reset" | "login";
type OtpUser = { id: number; phone: string };

const hashCode = (userId: number, code: string) => createHash("sha256").update(`${userId}:${code}`).digest("hex");

const SMS_TEXT: Record<OtpPurpose, (code: string) => string> = {
  register: (code) => `Ma xac thuc Nghe cua ban la ${code}. Ma co hieu luc trong 5 phut. Khong chia se ma nay.`,
  reset: (code) => `Ma xac thuc Nghe cua ban la ${code}. Ma co hieu luc trong 5 phut. Khong chia se ma nay.`,
  login: (code) =>
    `Ma dang nhap Nghe cua ban la ${code} (5 phut). Mat khau cua ban vua duoc dung de dang nhap; neu khong phai ban, hay doi mat khau.`,
};

/**
 * Texts a new 6-digit code, at most once a minute per phone and purpose and three times an hour per phone from one
 * address. Codes sent earlier keep working until they expire: a code a stranger asks for lands on the owner's phone
 * too, so asking never takes away the code the owner holds. Returns the code so development endpoints can show it.
 */
export async function issueOtp(deps: Deps, user: OtpUser, purpose: "register" | "reset", ip: string): Promise<string> {
  const now = deps.now();
  const phoneKey = `${purpose}|${user.phone}`;
  const phoneAndIpKey = `${user.phone}|${ip}`;
  await assertUnderLimit(deps.db, LIMITS.otpSendsPerPhone, phoneKey, now);
  await assertUnderLimit(deps.db, LIMITS.otpSendsPerPhoneAndIp, phoneAndIpKey, now);
  await recordHit(deps.db, LIMITS.otpSendsPerPhone, phoneKey, now);
  await recordHit(deps.db, LIMITS.otpSendsPerPhoneAndIp, phoneAndIpKey, now);
  return sendNewOtp(deps, user, purpose, now);
}

/**
 * Texts a login code, asked for by someone who gave the account's password, so no per-address limit applies; within
 * the minute after a code, that code stands and nothing is sent. Says nothing back: the answer must not depend on it.
 */
export async function issueLoginCode(deps: Deps, user: OtpUser): Promise<void> {
  const now = deps.now();
  const phoneKey = `login|${user.phone}`;
  if ((await hitsWithin(deps.db, LIMITS.otpSendsPerPhone, phoneKey, now)).count >= LIMITS.otpSendsPerPhone.max) return;
  await recordHit(deps.db, LIMITS.otpSendsPerPhone, phoneKey, now);
  // A gateway failure is in the outbox and the log; telling the caller would tell a guesser the password was right.
  await sendNewOtp(deps, user, "login", now).catch((error: unknown) => {
    if (!(error instanceof AppError)) throw error;
  });
}

async function sendNewOtp(deps: Deps, user: OtpUser, purpose: OtpPurpose, now: Date): Promise<string> {
  const code = newOtpCode();
  await deps.db
    .insertInto("otps")
    .values({
      user_id: user.id,
      purpose,
      code_hash: hashCode(user.id, code),
      created_at: now,
      expires_at: new Date(now.getTime() + OTP_TTL_MS),
    })
    .execute();
  await sendSms(deps, { userId: user.id, to: user.phone, text: SMS_TEXT[purpose](code) });
  return code;
}

/**
 * Accepts any of the account's live codes once, then burns them all. Wrong codes slow down the address that sends them
 * (OTP_PAIR_BACKOFF); only a guessing-sized total from all addresses (LIMITS.otpWrongPerAccount) stops the account's codes.
 */
export async function consumeOtp(deps: Deps, userId: number, purpose: "register" | "reset", code: string, ip: string): Promise<void> {
  const now = deps.now();
  const accountKey = `${purpose}|${userId}`;
  const pairKey = `${accountKey}|${ip}`;
  await assertUnderLimit(deps.db, LIMITS.otpChecksPerIp, ip, now);
  await assertBackoffElapsed(deps.db, OTP_PAIR_BACKOFF, pairKey, now);
  await assertUnderLimit(deps.db, LIMITS.otpWrongPerAccount, accountKey, now, "auth.otp_locked");
  await recordHit(deps.db, LIMITS.otpChecksPerIp, ip, now);

  const outcome = await spendLiveCode(deps, userId, purpose, code, now);
  if (outcome === "used") return;
  if (outcome !== "wrong") throw AppError.of(422, outcome === "missing" ? "auth.otp_missing" : "auth.otp_expired", undefined, "otp");
  await recordHit(deps.db, OTP_PAIR_BACKOFF, pairKey, now);
  await recordHit(deps.db, LIMITS.otpWrongPerAccount, accountKey, now);
  const { count } = await hitsWithin(deps.db, OTP_PAIR_BACKOFF, pairKey, now);
  const waitMs = backoffDelayMs(OTP_PAIR_BACKOFF, count);
  throw waitMs > 0
    ? AppError.of(422, "auth.otp_too_many", { count, seconds: waitMs / 1000 }, "otp")
    : AppError.of(422, "auth.otp_wrong", { left: OTP_PAIR_BACKOFF.freeFailures - count }, "otp");
}

/**
 * Whether `code` is one of the account's live login codes (then they are burnt). Only someone who gave the right
 * password gets here, so a wrong code counts toward the account's total alone: the login's own limits hold the address.
 */
export async function consumeLoginCode(deps: Deps, userId: number, code: string, now: Date): Promise<boolean> {
  const accountKey = `login|${userId}`;
  await assertUnderLimit(deps.db, LIMITS.otpWrongPerAccount, accountKey, now, "auth.otp_locked");
  const used = (await spendLiveCode(deps, userId, "login", code, now)) === "used";
  if (!used) await recordHit(deps.db, LIMITS.otpWrongPerAccount, accountKey, now);
  return used;
}

/** Checks a code against every live code of the account and purpose; the first use burns them all. */
async function spendLiveCode(
  deps: Deps,
  userId: number,
  purpose: OtpPurpose,
  code: string,
  now: Date,
): Promise<"used" | "wrong" | "missing" | "expired"> {
  const unconsumed = await deps.db
    .selectFrom("otps")
    .select(["id", "code_hash", "expires_at"])
    .where("user_id", "=", userId)
    .where("purpose", "=", purpose)
    .where("consumed_at", "is", null)
    .execute();
  if (unconsumed.length === 0) return "missing";
  const live = unconsumed.filter((otp) => new Date(otp.expires_at) > now);
  if (live.length === 0) return "expired";
  const match = live.find((otp) => otp.code_hash === hashCode(userId, code));
  if (!match) return "wrong";
  const consumed = await deps.db
    .updateTable("otps")
    .set({ consumed_at: now })
    .where("id", "=", match.id)
    .where("consumed_at", "is", null)
    .executeTakeFirst();
  if (Number(consumed.numUpdatedRows) !== 1) return "missing";
  await deps.db
    .updateTable("otps")
    .set({ consumed_at: now })
    .where("user_id", "=", userId)
    .where("purpose", "=", purpose)
    .where("consumed_at", "is", null)
    .execute();
  return "used";
}
