import { ApiError } from "../../http/api-error.ts";
import type { AppDeps } from "../../http/context.ts";
import { findUserById, userView, type UserView } from "./user-view.ts";

export async function showUser(deps: AppDeps, userId: number): Promise<UserView> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw ApiError.of(401, "error.unauthorized");
  return userView(deps.db, user);
}
