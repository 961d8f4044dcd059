import { Hono } from "hono";
import { resolveReportLink } from "../../services/reports/index.ts";
import type { AppEnv } from "../context.ts";

/** /r/<code>: the short link of an SMS digest, a redirect to the dashboard over the report's period (login still applies). */
export const reportLinkRoutes = new Hono<AppEnv>().get("/:code", async (c) =>
  c.redirect(await resolveReportLink(c.get("deps"), c.req.param("code")), 302),
);
