import { Hono } from "hono";
import { ClientErrorBody } from "../../../shared/schemas/client-error.ts";
import { recordClientError } from "../../services/operations/index.ts";
import { EmptySchema } from "../../../shared/schemas/answers.ts";
import type { AppEnv } from "../context.ts";
import { ok } from "../envelope.ts";
import { validateJson } from "../validate.ts";
import { apiDoc } from "../route-doc.ts";

export const clientErrorRoutes = new Hono<AppEnv>().post(
  "/client-errors",
  apiDoc({ summary: "Report a server failure (status 500 or above) the browser saw", response: EmptySchema }),
  validateJson(ClientErrorBody),
  async (c) => {
    await recordClientError(c.get("deps"), c.req.valid("json"), { ip: c.get("clientIp"), userAgent: c.req.header("user-agent") ?? "" });
    return ok(c, {});
  },
);
