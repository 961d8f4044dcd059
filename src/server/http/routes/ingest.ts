import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { IngestBatch } from "../../../shared/schemas/ingest.ts";
import { findApiKeyOwner } from "../../services/ingest/api-keys.ts";
import { ingestBatch } from "../../services/ingest/ingest-batch.ts";
import { listSourceHealth } from "../../services/ingest/source-health.ts";
import type { DocumentScope } from "../../services/ingest/document-scope.ts";
import { AppError } from "../../errors.ts";
import type { AppEnv } from "../context.ts";
import { ok } from "../envelope.ts";
import { requireUser } from "../middleware/auth.ts";
import { validateJson } from "../validate.ts";

/**
 * Partner crawlers authenticate with an API key (X-Api-Key, or Authorization: Bearer nk_…), not a user session; the
 * key decides the scope its documents go into (an account's own, or the public pool).
 */
const requireApiKey = createMiddleware<{ Variables: AppEnv["Variables"] & { scope: DocumentScope } }>(async (c, next) => {
  const key = c.req.header("x-api-key") ?? /^Bearer\s+(nk_\S+)$/i.exec(c.req.header("authorization") ?? "")?.[1];
  const found = key ? await findApiKeyOwner(c.get("deps"), key) : null;
  if (!found) throw AppError.of(401, "ingest.bad_key");
  c.set("scope", found.scope);
  await next();
});

export const ingestRoutes = new Hono<AppEnv>()
  .post("/ingest", requireApiKey, validateJson(IngestBatch, { textCheckedPerItem: true }), async (c) => ok(c, await ingestBatch(c.get("deps"), c.get("scope"), c.req.valid("json").documents)))
  .get("/sources/health", requireUser, async (c) => ok(c, await listSourceHealth(c.get("deps"))));
