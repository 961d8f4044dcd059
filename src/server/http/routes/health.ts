import { Hono } from "hono";
import { health } from "../../services/operations/health.ts";
import type { AppEnv } from "../context.ts";
import { ok } from "../envelope.ts";
import { openApiDocument } from "../openapi.ts";

export const healthRoutes = new Hono<AppEnv>()
  .get("/health", async (c) => ok(c, await health(c.get("deps"))))
  // A plain OpenAPI document, not an envelope: tools read it directly.
  .get("/openapi.json", (c) => c.json(openApiDocument()));
