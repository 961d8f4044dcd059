import type { UpdateInfoBody } from "../../../shared/schemas/account.ts";
import { ApiError } from "../../http/api-error.ts";
import type { AppDeps } from "../../http/context.ts";
import { assertIdentityFree, isUniqueViolation } from "./identity-conflicts.ts";
import { userView, type UserView } from "./user-view.ts";

/** Full name, phone, company and e-mail; the username never changes. */
export async function updateUserInfo(deps: AppDeps, userId: number, input: typeof UpdateInfoBody.infer): Promise<UserView> {
  await assertIdentityFree(deps.db, { phone: input.phone, email: input.email }, userId);
  const user = await deps.db
    .updateTable("users")
    .set({ full_name: input.full_name, phone: input.phone, company: input.company, email: input.email, updated_at: deps.now() })
    .where("id", "=", userId)
    .returningAll()
    .executeTakeFirstOrThrow()
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw ApiError.of(409, "auth.identity_taken");
      throw error;
    });
  return userView(deps.db, user);
}
