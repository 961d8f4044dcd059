import { AppError } from "../../errors.ts";
import type { Deps } from "../../deps.ts";
import { findUserById, userView, type UserView } from "./user-view.ts";

export async function showUser(deps: Deps, userId: number): Promise<UserView> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw AppError.of(401, "error.unauthorized");
  return userView(deps.db, user);
}
