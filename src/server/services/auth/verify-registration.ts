import type { VerifyRegistrationBody } from "../../../shared/schemas/account.ts";
import { AppError } from "../../errors.ts";
import type { Deps } from "../../deps.ts";
import { giveDefaultContacts } from "../notifications/index.ts";
import { findUserByPhone, userView } from "../users/index.ts";
import { consumeOtp } from "./otp.ts";
import { createSession } from "./sessions.ts";

/** Checks the registration OTP, activates the account, makes its phone and e-mail its alert contacts and signs it in. */
export async function verifyRegistration(deps: Deps, input: typeof VerifyRegistrationBody.infer, ip: string) {
  const user = await findUserByPhone(deps.db, input.phone);
  if (!user) throw AppError.of(404, "auth.phone_not_found", undefined, "phone");
  if (user.verified_at) throw AppError.of(409, "auth.already_verified", undefined, "phone");
  await consumeOtp(deps, user.id, "register", input.otp, ip);
  const now = deps.now();
  const verified = await deps.db
    .updateTable("users")
    .set({ verified_at: now, updated_at: now })
    .where("id", "=", user.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await giveDefaultContacts(deps.db, verified, now);
  return { ...(await createSession(deps.db, user.id, now)), user: await userView(deps.db, verified) };
}
