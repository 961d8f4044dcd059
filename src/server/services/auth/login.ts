import { ACCOUNT_TYPE } from "../../../shared/account.ts";
import type { LoginBody } from "../../../shared/schemas/account.ts";
import { AppError } from "../../errors.ts";
import type { Deps } from "../../deps.ts";
import {
  assertBackoffElapsed,
  assertCaptcha,
  oneAtATime,
  dummyPasswordHash,
  verifyPassword,
  assertUnderLimit,
  clearHits,
  hitsWithin,
  recordHit,
} from "../security/index.ts";
import { findUserByUsername, type UserRow, userView } from "../users/index.ts";
import { LIMITS, LOGIN_PAIR_BACKOFF, OTP_TTL_MS } from "./limits.ts";
import { consumeLoginCode, issueLoginCode } from "./otp.ts";
import { maskPhone } from "./mask-phone.ts";
import { createSession } from "./sessions.ts";

/** Usernames compare without case, as at lookup. */
const usernameKeyOf = (username: string) => username.trim().toLowerCase();

/** The key of one username tried from one address. */
export function loginPairKey(ip: string, username: string): string {
  return `${ip}|${usernameKeyOf(username)}`;
}

/**
 * Username and password for a 30-day bearer token. Failures slow down the address that makes them (LOGIN_PAIR_BACKOFF)
 * and stop an address spraying many usernames (LIMITS.loginFailuresPerIp), so the owner elsewhere still gets in. A
 * username under a broad attack (LIMITS.loginFailuresPerUsername) wants more than the password: a solved captcha when
 * reCAPTCHA is configured, otherwise a code texted to the account's phone (proveOwnership).
 */
export async function login(deps: Deps, input: typeof LoginBody.infer, ip: string) {
  await assertCaptcha(deps.config.recaptcha, input.captcha_token, ip);
  const usernameKey = usernameKeyOf(input.username);
  const pairKey = loginPairKey(ip, input.username);
  return oneAtATime(pairKey, async () => {
    const now = deps.now();
    await assertBackoffElapsed(deps.db, LOGIN_PAIR_BACKOFF, pairKey, now);
    if (!deps.config.recaptcha) await assertUnderLimit(deps.db, LIMITS.loginFailuresPerIp, ip, now);

    const user = await findUserByUsername(deps.db, input.username);
    // An unknown username costs the same hashing as a wrong password, so the time taken does not tell which usernames exist.
    const passwordOk = await verifyPassword(input.password, user?.password_hash ?? (await dummyPasswordHash()));
    const fail = async (error: AppError) => {
      await recordHit(deps.db, LOGIN_PAIR_BACKOFF, pairKey, now);
      await recordHit(deps.db, LIMITS.loginFailuresPerUsername, usernameKey, now);
      await recordHit(deps.db, LIMITS.loginFailuresPerIp, ip, now);
      return error;
    };
    if (!user) throw await fail(AppError.of(422, "auth.username_not_found", undefined, "username"));
    const underAttack =
      !deps.config.recaptcha &&
      (await hitsWithin(deps.db, LIMITS.loginFailuresPerUsername, usernameKey, now)).count >= LIMITS.loginFailuresPerUsername.max;
    if (underAttack) {
      const refusal = await proveOwnership(deps, user, passwordOk, input.otp, now);
      if (refusal) throw await fail(refusal);
    } else if (!passwordOk) {
      throw await fail(AppError.of(422, "auth.wrong_password", undefined, "password"));
    }
    // Only the pair is forgiven: a success must not reset the count of a broad attack still going on.
    await clearHits(deps.db, LOGIN_PAIR_BACKOFF, pairKey);
    if (user.account_type === ACCOUNT_TYPE.locked) throw AppError.of(403, "auth.account_locked");
    if (!user.verified_at) throw AppError.of(403, "auth.not_verified");
    return { ...(await createSession(deps.db, user.id, now)), user: await userView(deps.db, user) };
  });
}

/**
 * Under a broad attack the password alone is not enough: it must come with a code texted to the account's phone, which
 * the strangers guessing do not hold. The refusal is the same whether the password was right or not, so the attack
 * learns nothing about the password from it; a right password without a code is what sends the code.
 */
async function proveOwnership(
  deps: Deps,
  user: UserRow,
  passwordOk: boolean,
  code: string | undefined,
  now: Date,
): Promise<AppError | null> {
  if (code === undefined) {
    const canSignIn = user.verified_at && user.account_type !== ACCOUNT_TYPE.locked;
    if (passwordOk && canSignIn) await issueLoginCode(deps, user);
    return new AppError(
      422,
      { otp: [{ key: "auth.login_code_sent", params: { phone: maskPhone(user.phone) } }] },
      {},
      { otp_required: true, phone_masked: maskPhone(user.phone), expires_in: OTP_TTL_MS / 1000 },
    );
  }
  if (passwordOk && (await consumeLoginCode(deps, user.id, code, now))) return null;
  return AppError.of(422, "auth.login_code_wrong", undefined, "otp");
}
