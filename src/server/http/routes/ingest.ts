import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { IngestBatch, IngestDocument } from "../../../shared/schemas/ingest.ts";
import { findApiKeyOwner } from "../../services/api-keys/index.ts";
import { ingestBatch, type DocumentScope } from "../../services/ingest/index.ts";
import { listSourceHealth } from "../../services/collection/index.ts";
import { AppError } from "../../errors.ts";
import { IngestResultSchema, SourceHealthSchema } from "../../../shared/schemas/answers.ts";
import type { AppEnv } from "../context.ts";
import { ok } from "../envelope.ts";
import { requireUser } from "../middleware/auth.ts";
import { apiDoc, securedBy } from "../route-doc.ts";
import { validateJson } from "../validate.ts";

/**
 * Partner crawlers authenticate with an API key (X-Api-Key, or Authorization: Bearer nk_…), not a user session; the
 * key decides the scope its documents go into (an account's own, or the public pool).
 */
const apiKeyGuard = createMiddleware<{ Variables: AppEnv["Variables"] & { scope: DocumentScope } }>(async (c, next) => {
  const key = c.req.header("x-api-key") ?? /^Bearer\s+(nk_\S+)$/i.exec(c.req.header("authorization") ?? "")?.[1];
  const found = key ? await findApiKeyOwner(c.get("deps"), key) : null;
  if (!found) throw AppError.of(401, "ingest.bad_key");
  c.set("scope", found.scope);
  await next();
});
const requireApiKey = securedBy("apiKey", apiKeyGuard);

export const ingestRoutes = new Hono<AppEnv>()
  .post(
    "/ingest",
    apiDoc({ summary: "Push up to 1,000 documents of any channel (see docs/api/ingest.md)", response: IngestResultSchema }),
    requireApiKey,
    // The service checks each document on its own, so one bad item does not refuse the batch.
    validateJson(IngestBatch, { textCheckedPerItem: true, documentedAs: IngestBatch.merge({ documents: IngestDocument.array() }) }),
    async (c) => ok(c, await ingestBatch(c.get("deps"), c.get("scope"), c.req.valid("json").documents)),
  )
  .get(
    "/sources/health",
    apiDoc({ summary: "Last success, last error and items per source", response: SourceHealthSchema.array() }),
    requireUser,
    async (c) => ok(c, await listSourceHealth(c.get("deps"))),
  );
