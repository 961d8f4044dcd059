import { Hono } from "hono";
import { currentVersion } from "../../db/migrate.ts";
import type { AppEnv } from "../context.ts";
import { ok } from "../envelope.ts";
import { openApiDocument } from "../openapi.ts";

export const healthRoutes = new Hono<AppEnv>()
  .get("/health", async (c) => {
    const { db, dbKind, now } = c.get("deps");
    return ok(c, { status: "ok", database: dbKind, migration: await currentVersion(db), time: now().toISOString() });
  })
  // A plain OpenAPI document, not an envelope: tools read it directly.
  .get("/openapi.json", (c) => c.json(openApiDocument()));
