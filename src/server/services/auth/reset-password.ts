import type { ResetPasswordBody } from "../../../shared/schemas/account.ts";
import type { Deps } from "../../deps.ts";
import { hashPassword, clearHits } from "../security/index.ts";
import { LOGIN_PAIR_BACKOFF } from "./limits.ts";
import { loginPairKey } from "./login.ts";
import { consumeOtp } from "./otp.ts";
import { findAccount } from "./request-password-reset.ts";
import { revokeUserSessions } from "./sessions.ts";

/** A valid reset code sets the new password, signs the account out everywhere and lifts the login wait from this address. */
export async function resetPassword(deps: Deps, input: typeof ResetPasswordBody.infer, ip: string): Promise<void> {
  const user = await findAccount(deps, input);
  await consumeOtp(deps, user.id, "reset", input.otp, ip);
  const now = deps.now();
  await deps.db
    .updateTable("users")
    .set({ password_hash: await hashPassword(input.password), updated_at: now })
    .where("id", "=", user.id)
    .execute();
  await revokeUserSessions(deps.db, user.id, now);
  await clearHits(deps.db, LOGIN_PAIR_BACKOFF, loginPairKey(ip, user.username));
}
