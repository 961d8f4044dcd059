import { Hono } from "hono";
import { health } from "../../services/operations/index.ts";
import { HealthSchema } from "../../../shared/schemas/answers.ts";
import type { AppEnv } from "../context.ts";
import { ok } from "../envelope.ts";
import { apiDoc } from "../route-doc.ts";

export const healthRoutes = new Hono<AppEnv>().get(
  "/health",
  apiDoc({ summary: "Database kind and migration version", response: HealthSchema }),
  async (c) => ok(c, await health(c.get("deps"))),
);
