import type { ChangePasswordBody } from "../../../shared/schemas/account.ts";
import { AppError } from "../../errors.ts";
import type { Deps } from "../../deps.ts";
import type { AuthUser } from "../auth/auth-user.ts";
import { revokeUserSessions } from "../auth/sessions.ts";
import { hashPassword, verifyPassword } from "../security/passwords.ts";
import { findUserById } from "./user-view.ts";

/** Needs the current password; other sessions are signed out, this one stays. */
export async function changePassword(deps: Deps, auth: AuthUser, input: typeof ChangePasswordBody.infer): Promise<void> {
  const user = await findUserById(deps.db, auth.id);
  if (!user || !(await verifyPassword(input.old_password, user.password_hash))) {
    throw AppError.of(422, "auth.old_password_wrong", undefined, "old_password");
  }
  const now = deps.now();
  await deps.db
    .updateTable("users")
    .set({ password_hash: await hashPassword(input.new_password), updated_at: now })
    .where("id", "=", auth.id)
    .execute();
  await revokeUserSessions(deps.db, auth.id, now, auth.sessionId);
}
