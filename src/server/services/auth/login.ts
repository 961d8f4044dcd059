import { ACCOUNT_TYPE } from "../../../shared/account.ts";
import type { LoginBody } from "../../../shared/schemas/account.ts";
import { AppError } from "../../errors.ts";
import type { Deps } from "../../deps.ts";
import { assertBackoffElapsed } from "../security/backoff.ts";
import { assertCaptcha } from "../security/captcha.ts";
import { oneAtATime } from "../security/one-at-a-time.ts";
import { dummyPasswordHash, verifyPassword } from "../security/passwords.ts";
import { assertUnderLimit, clearHits, recordHit } from "../security/rate-limit.ts";
import { findUserByUsername, userView } from "../users/user-view.ts";
import { LIMITS, LOGIN_PAIR_BACKOFF } from "./limits.ts";
import { createSession } from "./sessions.ts";

/** Usernames compare without case, as at lookup. */
const usernameKeyOf = (username: string) => username.trim().toLowerCase();

/** The key of one username tried from one address. */
export function loginPairKey(ip: string, username: string): string {
  return `${ip}|${usernameKeyOf(username)}`;
}

/**
 * Username and password for a 30-day bearer token. Failures slow down the address that makes them (LOGIN_PAIR_BACKOFF),
 * so the owner elsewhere still gets in; only a broad attack (LIMITS) holds everyone back, and then a solved captcha
 * (when reCAPTCHA is configured) lets the owner through.
 */
export async function login(deps: Deps, input: typeof LoginBody.infer, ip: string) {
  await assertCaptcha(deps.config.recaptcha, input.captcha_token, ip);
  const usernameKey = usernameKeyOf(input.username);
  const pairKey = loginPairKey(ip, input.username);
  return oneAtATime(pairKey, async () => {
    const now = deps.now();
    await assertBackoffElapsed(deps.db, LOGIN_PAIR_BACKOFF, pairKey, now);
    // With reCAPTCHA on, every login has already passed a captcha, which is what lets the owner through a broad attack.
    if (!deps.config.recaptcha) {
      await assertUnderLimit(deps.db, LIMITS.loginFailuresPerUsername, usernameKey, now);
      await assertUnderLimit(deps.db, LIMITS.loginFailuresPerIp, ip, now);
    }

    const user = await findUserByUsername(deps.db, input.username);
    // An unknown username costs the same hashing as a wrong password, so the time taken does not tell which usernames exist.
    const passwordOk = await verifyPassword(input.password, user?.password_hash ?? (await dummyPasswordHash()));
    if (!user || !passwordOk) {
      await recordHit(deps.db, LOGIN_PAIR_BACKOFF, pairKey, now);
      await recordHit(deps.db, LIMITS.loginFailuresPerUsername, usernameKey, now);
      await recordHit(deps.db, LIMITS.loginFailuresPerIp, ip, now);
      throw user
        ? AppError.of(422, "auth.wrong_password", undefined, "password")
        : AppError.of(422, "auth.username_not_found", undefined, "username");
    }
    // Only the pair is forgiven: a success must not reset the count of a broad attack still going on.
    await clearHits(deps.db, LOGIN_PAIR_BACKOFF, pairKey);
    if (user.account_type === ACCOUNT_TYPE.locked) throw AppError.of(403, "auth.account_locked");
    if (!user.verified_at) throw AppError.of(403, "auth.not_verified");
    return { ...(await createSession(deps.db, user.id, now)), user: await userView(deps.db, user) };
  });
}
