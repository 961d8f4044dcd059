import { getConnInfo } from "@hono/node-server/conninfo";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../context.ts";

/** The caller's address for rate limits; X-Forwarded-For only counts behind a trusted proxy. */
export const clientIp = createMiddleware<AppEnv>(async (c, next) => {
  const forwarded = c.get("deps").config.trustProxy ? c.req.header("x-forwarded-for")?.split(",")[0]?.trim() : undefined;
  let direct: string | undefined;
  try {
    direct = getConnInfo(c).remote.address;
  } catch {
    // In-process requests (tests) have no socket.
  }
  c.set("clientIp", forwarded || direct || "unknown");
  await next();
});
