import { Hono } from "hono";
import { compress } from "hono/compress";
import type { Deps } from "./deps.ts";
import type { AppEnv } from "./http/context.ts";
import { apiNotFound, handleError } from "./http/middleware/errors.ts";
import { language } from "./http/middleware/language.ts";
import { securityHeaders } from "./http/middleware/security-headers.ts";
import { bodyLimits } from "./http/middleware/body-limits.ts";
import { clientIp } from "./http/middleware/client-ip.ts";
import { inputGuard } from "./http/middleware/input-guard.ts";
import { authRoutes } from "./http/routes/auth.ts";
import { channelRoutes } from "./http/routes/channels.ts";
import { clientErrorRoutes } from "./http/routes/client-errors.ts";
import { connectionRoutes } from "./http/routes/connections.ts";
import { contactRoutes } from "./http/routes/contact.ts";
import { audienceRoutes } from "./http/routes/audience.ts";
import { dashboardRoutes } from "./http/routes/dashboard.ts";
import { mentionRoutes } from "./http/routes/mention.ts";
import { metaWebhookRoutes } from "./http/routes/meta-webhook.ts";
import { zaloWebhookRoutes } from "./http/routes/zalo-webhook.ts";
import { openApiRoutes } from "./http/routes/openapi.ts";
import { healthRoutes } from "./http/routes/health.ts";
import { incidentRoutes } from "./http/routes/incident.ts";
import { ingestRoutes } from "./http/routes/ingest.ts";
import { projectRoutes } from "./http/routes/projects.ts";
import { publicRoutes } from "./http/routes/public-assets.ts";
import { reportLinkRoutes } from "./http/routes/report-links.ts";
import { userRoutes } from "./http/routes/user.ts";
import { staticSite } from "./http/static-site.ts";

/** The Hono app over the dependencies; `distDir` serves the built site (absent in API-only tests). */
export function createApp(deps: Deps, options: { distDir?: string } = {}) {
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set("deps", deps);
    await next();
  });
  app.use(securityHeaders);
  app.use(language);
  app.use(compress());
  app.onError(handleError);

  const api = new Hono<AppEnv>();
  api.use(bodyLimits);
  api.use(inputGuard);
  api.use(clientIp);
  api.route("/", healthRoutes);
  api.route("/", openApiRoutes(app));
  api.route("/", publicRoutes);
  api.route("/", contactRoutes);
  api.route("/", clientErrorRoutes);
  api.route("/", authRoutes({ developmentOtp: deps.config.devRoutes }));
  api.route("/", channelRoutes);
  api.route("/user", userRoutes);
  api.route("/", projectRoutes);
  api.route("/", ingestRoutes);
  api.route("/dashboard", dashboardRoutes);
  api.route("/mention", mentionRoutes);
  api.route("/audience", audienceRoutes);
  api.route("/incident", incidentRoutes);
  api.route("/connections", connectionRoutes);
  api.route("/webhooks/meta", metaWebhookRoutes);
  api.route("/webhooks/zalo", zaloWebhookRoutes);
  api.all("*", apiNotFound);
  app.route("/api", api);
  app.route("/r", reportLinkRoutes);

  if (options.distDir) app.get("*", staticSite(options.distDir));
  return app;
}
