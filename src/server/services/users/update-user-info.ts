import type { UpdateInfoBody } from "../../../shared/schemas/account.ts";
import { AppError } from "../../errors.ts";
import type { Deps } from "../../deps.ts";
import { assertIdentityFree, isUniqueViolation } from "./identity-conflicts.ts";
import { userView, type UserView } from "./user-view.ts";

/** Full name, phone, company and e-mail; the username never changes. */
export async function updateUserInfo(deps: Deps, userId: number, input: typeof UpdateInfoBody.infer): Promise<UserView> {
  await assertIdentityFree(deps.db, { phone: input.phone, email: input.email }, userId);
  const user = await deps.db
    .updateTable("users")
    .set({ full_name: input.full_name, phone: input.phone, company: input.company, email: input.email, updated_at: deps.now() })
    .where("id", "=", userId)
    .returningAll()
    .executeTakeFirstOrThrow()
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw AppError.of(409, "auth.identity_taken");
      throw error;
    });
  return userView(deps.db, user);
}
