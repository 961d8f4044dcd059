import type { Type } from "arktype";
import { describeRoute, uniqueSymbol, type DescribeRouteOptions, type GenerateSpecOptions } from "hono-openapi";
import { createMiddleware } from "hono/factory";
import { EnvelopeSchema, envelopeOf } from "../../shared/envelope.ts";
import type { AppEnv } from "./context.ts";

type JsonSchema = Record<string, unknown>;

/** A schema in JSON Schema; a Date is the ISO string JSON makes of it, a narrow or a pipe the shape it starts from. */
function jsonSchema(schema: Type): JsonSchema {
  const { $schema: _, ...json } = schema.toJsonSchema({
    fallback: { date: () => ({ type: "string", format: "date-time" }), default: (ctx) => ctx.base },
  });
  return json;
}

/** The schemes the guards name, and the envelope every JSON answer but this document comes in. */
export const OPENAPI_COMPONENTS = {
  securitySchemes: {
    bearer: { type: "http", scheme: "bearer" },
    apiKey: { type: "apiKey", in: "header", name: "X-Api-Key" },
    // Meta's webhook deliveries: the HMAC-SHA256 of the raw body keyed with the app secret.
    metaSignature: { type: "apiKey", in: "header", name: "X-Hub-Signature-256" },
    // Zalo's OA events: "mac=" and the SHA-256 of app id + raw body + timestamp + OA secret key.
    zaloSignature: { type: "apiKey", in: "header", name: "X-ZEvent-Signature" },
  },
  schemas: { Envelope: jsonSchema(EnvelopeSchema) },
} satisfies GenerateSpecOptions["documentation"]["components"];

const ENVELOPE = { "application/json": { schema: { $ref: "#/components/schemas/Envelope" } } };

/** A success answer in JSON Schema: the envelope with `data` of the given shape. */
export const answerJsonSchema = (response: Type): JsonSchema => jsonSchema(envelopeOf(response));

/** What a client sends, in JSON Schema. */
export const jsonSchemaOf = (schema: Type): JsonSchema => jsonSchema(schema.in as Type);

function queryParameters(schemas: Type[]) {
  return schemas.flatMap((schema) => {
    const { properties = {}, required = [] } = jsonSchemaOf(schema) as { properties?: Record<string, JsonSchema>; required?: string[] };
    return Object.entries(properties).map(([name, property]) => ({
      in: "query",
      name,
      required: required.includes(name),
      schema: property,
    }));
  });
}

type RouteDoc = {
  /** What the route does, in one line. */
  summary: string;
  /** The query string the route (or its service) parses. */
  query?: Type | Type[];
  /** A multipart upload: the form field holding the file. */
  upload?: string;
} & (
  | {
      /** The success answer's `data`: the schema the service's return type is inferred from. */
      response: Type;
    }
  | {
      /** The media type of a success answer that is not the envelope (a file, this document). */
      produces: string;
    }
);

/**
 * A route's OpenAPI definition, placed first among its handlers: `.get("/path", apiDoc({ summary }), handler)`. The
 * guards (`requireUser`, the API key) add the security, `validateJson` the request body, a handler wrapped in
 * `readingQuery` its query string, and `:name` segments the path parameters.
 */
export function apiDoc(doc: RouteDoc) {
  const query = doc.query && [doc.query].flat();
  const described = describeRoute({
    summary: doc.summary,
    ...(query ? { parameters: queryParameters(query) as DescribeRouteOptions["parameters"] } : {}),
    ...(doc.upload
      ? {
          requestBody: {
            required: true,
            content: {
              "multipart/form-data": {
                schema: {
                  type: "object",
                  required: [doc.upload],
                  properties: { [doc.upload]: { type: "string", contentMediaType: "application/octet-stream" } },
                },
              },
            },
          },
        }
      : {}),
    responses: {
      200:
        "produces" in doc
          ? { description: "The file or document itself", content: { [doc.produces]: {} } }
          : { description: "`data` holds the answer", content: { "application/json": { schema: answerJsonSchema(doc.response) } } },
      default: { description: "A failure: `code` repeats the status, `data.message` and `errors` explain it", content: ENVELOPE },
    },
  });
  if (!("response" in doc)) return described;
  const answers = createMiddleware<AppEnv>(async (c, next) => {
    c.set("answerSchema", doc.response);
    await described(c, next);
  });
  return Object.assign(answers, { [uniqueSymbol]: (described as unknown as Record<symbol, unknown>)[uniqueSymbol] });
}

/** Lends what a handler needs (a guard, a body or query it reads) to the OpenAPI entry of each route it runs on. */
function documenting<H extends object>(handler: H, spec: DescribeRouteOptions): H {
  return Object.assign(handler, { [uniqueSymbol]: { spec } });
}

export const securedBy = <M extends object>(scheme: keyof typeof OPENAPI_COMPONENTS.securitySchemes, guard: M) =>
  documenting(guard, { security: [{ [scheme]: [] }] });

export const readingJson = <M extends object>(schema: Type, validator: M) =>
  documenting(validator, { requestBody: { required: true, content: { "application/json": { schema: jsonSchemaOf(schema) } } } });

export const readingQuery = <H extends object>(schema: Type, handler: H) =>
  documenting(handler, { parameters: queryParameters([schema]) as DescribeRouteOptions["parameters"] });
