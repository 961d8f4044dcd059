import { createMiddleware } from "hono/factory";
import { findSessionUser } from "../../services/auth/index.ts";
import { AppError } from "../../errors.ts";
import type { AppEnv } from "../context.ts";
import { securedBy } from "../route-doc.ts";

/** Bearer-token guard for user routes; anything but a live session is a 401, which the client treats as logout. */
const userGuard = createMiddleware<AppEnv>(async (c, next) => {
  const token = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "")?.[1];
  const user = token ? await findSessionUser(c.get("deps"), token) : null;
  if (!user) throw AppError.of(401, "error.unauthorized");
  c.set("user", user);
  await next();
});

export const requireUser = securedBy("bearer", userGuard);
