import type { ChangePasswordBody } from "../../../shared/schemas/account.ts";
import { AppError } from "../../errors.ts";
import type { Deps } from "../../deps.ts";
import type { AuthUser } from "./auth-user.ts";
import { LIMITS } from "./limits.ts";
import { revokeUserSessions } from "./sessions.ts";
import { oneAtATime, hashPassword, verifyPassword, assertUnderLimit, clearHits, recordHit } from "../security/index.ts";
import { findUserById } from "../users/index.ts";

/**
 * Needs the current password; other sessions are signed out, this one stays. Wrong old passwords are limited per account
 * (LIMITS.passwordChangeFailuresPerUser), whichever session sends them, so a stolen session cannot guess the password;
 * while refused, nothing is checked. A success clears the count.
 */
export async function changePassword(deps: Deps, auth: AuthUser, input: typeof ChangePasswordBody.infer): Promise<void> {
  const limit = LIMITS.passwordChangeFailuresPerUser;
  const key = String(auth.id);
  await oneAtATime(`change-password|${key}`, async () => {
    const now = deps.now();
    await assertUnderLimit(deps.db, limit, key, now, "auth.old_password_too_many");
    const user = await findUserById(deps.db, auth.id);
    if (!user || !(await verifyPassword(input.old_password, user.password_hash))) {
      await recordHit(deps.db, limit, key, now);
      throw AppError.of(422, "auth.old_password_wrong", undefined, "old_password");
    }
    await clearHits(deps.db, limit, key);
    await deps.db
      .updateTable("users")
      .set({ password_hash: await hashPassword(input.new_password), updated_at: now })
      .where("id", "=", auth.id)
      .execute();
    await revokeUserSessions(deps.db, auth.id, now, auth.sessionId);
  });
}
