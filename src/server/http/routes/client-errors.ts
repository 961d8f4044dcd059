import { Hono } from "hono";
import { ClientErrorBody } from "../../../shared/schemas/client-error.ts";
import { recordClientError } from "../../services/operations/record-client-error.ts";
import type { AppEnv } from "../context.ts";
import { ok } from "../envelope.ts";
import { validateJson } from "../validate.ts";

export const clientErrorRoutes = new Hono<AppEnv>().post("/client-errors", validateJson(ClientErrorBody), async (c) => {
  await recordClientError(c.get("deps"), c.req.valid("json"), { ip: c.get("clientIp"), userAgent: c.req.header("user-agent") ?? "" });
  return ok(c, {});
});
