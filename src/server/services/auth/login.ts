import type { LoginBody } from "../../../shared/schemas/account.ts";
import { ApiError } from "../../http/api-error.ts";
import type { AppDeps } from "../../http/context.ts";
import { assertCaptcha } from "../security/captcha.ts";
import { verifyPassword } from "../security/passwords.ts";
import { assertUnderLimit, clearHits, recordHit } from "../security/rate-limit.ts";
import { findUserByUsername, userView } from "../users/user-view.ts";
import { LIMITS } from "./limits.ts";
import { createSession } from "./sessions.ts";

/** Username and password for a 30-day bearer token; five failures per username or address in 15 minutes block further tries. */
export async function login(deps: AppDeps, input: typeof LoginBody.infer, ip: string) {
  const now = deps.now();
  await assertCaptcha(deps.config.recaptcha, input.captcha_token, ip);
  const usernameKey = input.username.toLowerCase();
  await assertUnderLimit(deps.db, LIMITS.loginFailuresPerUsername, usernameKey, now);
  await assertUnderLimit(deps.db, LIMITS.loginFailuresPerIp, ip, now);

  const user = await findUserByUsername(deps.db, input.username);
  const failure = async (field: "username" | "password", key: "auth.username_not_found" | "auth.wrong_password") => {
    await recordHit(deps.db, LIMITS.loginFailuresPerUsername, usernameKey, now);
    await recordHit(deps.db, LIMITS.loginFailuresPerIp, ip, now);
    return ApiError.of(422, key, undefined, field);
  };
  if (!user) throw await failure("username", "auth.username_not_found");
  if (!(await verifyPassword(input.password, user.password_hash))) throw await failure("password", "auth.wrong_password");
  if (user.account_type === 2) throw ApiError.of(403, "auth.account_locked");
  if (!user.verified_at) throw ApiError.of(403, "auth.not_verified");

  await clearHits(deps.db, LIMITS.loginFailuresPerUsername, usernameKey);
  return { ...(await createSession(deps.db, user.id, now)), user: await userView(deps.db, user) };
}
