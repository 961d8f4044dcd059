import type { Deps } from "../../deps.ts";

/** Every account with its plan and report status, for staff. */
export function listUsers(deps: Deps) {
  return deps.db
    .selectFrom("users")
    .select([
      "id",
      "username",
      "full_name",
      "phone",
      "email",
      "company",
      "account_type",
      "is_waiting_for_upgrade",
      "receives_reports",
      "verified_at",
      "created_at",
    ])
    .orderBy("id")
    .execute();
}
