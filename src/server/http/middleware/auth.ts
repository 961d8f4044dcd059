import { createMiddleware } from "hono/factory";
import { findSessionUser } from "../../services/auth/sessions.ts";
import { ApiError } from "../api-error.ts";
import type { AppEnv } from "../context.ts";

/** Bearer-token guard for user routes; anything but a live session is a 401, which the client treats as logout. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const token = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "")?.[1];
  const { db, now } = c.get("deps");
  const user = token ? await findSessionUser(db, token, now()) : null;
  if (!user) throw ApiError.of(401, "error.unauthorized");
  c.set("user", user);
  await next();
});
