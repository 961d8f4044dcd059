import { ACCOUNT_TYPE } from "../../../shared/account.ts";
import type { Deps } from "../../deps.ts";
import { showUser } from "./show-user.ts";
import type { UserView } from "./user-view.ts";

/** Marks the account as waiting for staff to upgrade it; asking again changes nothing. */
export async function requestUpgrade(deps: Deps, userId: number): Promise<UserView> {
  await deps.db
    .updateTable("users")
    .set({ is_waiting_for_upgrade: true, updated_at: deps.now() })
    .where("id", "=", userId)
    .where("account_type", "!=", ACCOUNT_TYPE.contracted)
    .where("is_waiting_for_upgrade", "=", false)
    .execute();
  return showUser(deps, userId);
}
