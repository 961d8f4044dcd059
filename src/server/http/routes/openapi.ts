import { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { plainJson } from "../envelope.ts";
import { openApiDocument } from "../openapi.ts";
import { apiDoc } from "../route-doc.ts";

/** Serves the OpenAPI document of `app`, built on the first request: the route table is complete by then. */
export function openApiRoutes(app: Hono<AppEnv>) {
  let document: ReturnType<typeof openApiDocument> | undefined;
  return new Hono<AppEnv>().get(
    "/openapi.json",
    apiDoc({ summary: "This OpenAPI 3.1 document", produces: "application/json" }),
    async (c) => {
      document ??= openApiDocument(app);
      return plainJson(c, await document);
    },
  );
}
