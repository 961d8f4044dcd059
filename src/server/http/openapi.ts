import type { Env, Hono } from "hono";
import { generateSpecs } from "hono-openapi";
import { OPENAPI_COMPONENTS } from "./route-doc.ts";

type Operation = { summary?: string; security?: Record<string, string[]>[] };

/** OpenAPI 3.1 of every route of the app that carries an `apiDoc`, read from the app's own route table. */
export async function openApiDocument<E extends Env>(app: Hono<E>) {
  const document = await generateSpecs(app, {
    documentation: {
      info: {
        title: "Nghe API",
        version: "1",
        description: "JSON answers come in the envelope { code, data, errors }; files and this document do not.",
      },
      components: OPENAPI_COMPONENTS,
    },
    // "/api/openapi.json" is not a static file.
    excludeStaticFile: false,
    // Validation failures are 422 envelopes, covered by each operation's default answer.
    defaultValidationErrorResponse: false,
  });
  for (const pathItem of Object.values(document.paths)) {
    for (const operation of Object.values(pathItem) as Operation[]) {
      // A guard adds its scheme once per documented handler of the route; none at all means a public route.
      const schemes = new Set((operation.security ?? []).flatMap(Object.keys));
      operation.security = [...schemes].map((scheme) => ({ [scheme]: [] }));
    }
  }
  return document;
}
