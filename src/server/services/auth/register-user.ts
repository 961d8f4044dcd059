import type { RegisterBody } from "../../../shared/schemas/account.ts";
import { AppError } from "../../errors.ts";
import type { Deps } from "../../deps.ts";
import { assertCaptcha, hashPassword, assertUnderLimit, recordHit } from "../security/index.ts";
import { assertIdentityFree, isUniqueViolation } from "../users/index.ts";
import { LIMITS, OTP_RESEND_COOLDOWN_MS, OTP_TTL_MS } from "./limits.ts";
import { issueOtp } from "./otp.ts";

/** Creates an unverified account and texts it an OTP; the account works only after verify-registration. */
export async function registerUser(deps: Deps, input: typeof RegisterBody.infer, ip: string) {
  const now = deps.now();
  await assertCaptcha(deps.config.recaptcha, input.captcha_token, ip);
  await assertUnderLimit(deps.db, LIMITS.registrationsPerIp, ip, now);
  await assertIdentityFree(deps.db, input);

  const passwordHash = await hashPassword(input.password);
  const user = await deps.db
    .transaction()
    .execute(async (trx) => {
      // An abandoned registration must not block the username, phone or e-mail forever.
      await trx
        .deleteFrom("users")
        .where("verified_at", "is", null)
        .where((eb) =>
          eb.or([
            eb(eb.fn("lower", ["username"]), "=", input.username.toLowerCase()),
            eb("phone", "=", input.phone),
            eb(eb.fn("lower", ["email"]), "=", input.email.toLowerCase()),
          ]),
        )
        .execute();
      return trx
        .insertInto("users")
        .values({
          username: input.username,
          full_name: input.full_name,
          phone: input.phone,
          company: input.company,
          email: input.email,
          password_hash: passwordHash,
          created_at: now,
          updated_at: now,
        })
        .returning(["id", "phone"])
        .executeTakeFirstOrThrow();
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw AppError.of(409, "auth.identity_taken");
      throw error;
    });
  await recordHit(deps.db, LIMITS.registrationsPerIp, ip, now);
  const code = await issueOtp(deps, user, "register", ip);
  return { otp: code, data: { phone: user.phone, expires_in: OTP_TTL_MS / 1000, resend_in: OTP_RESEND_COOLDOWN_MS / 1000 } };
}
