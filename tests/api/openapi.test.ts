import { type } from "arktype";
import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { afterAll, beforeAll, expect, test } from "vitest";
import { loadConfig } from "../../src/server/config.ts";
import type { AppEnv } from "../../src/server/http/context.ts";
import { ok } from "../../src/server/http/envelope.ts";
import { openApiDocument } from "../../src/server/http/openapi.ts";
import { answerJsonSchema, apiDoc, jsonSchemaOf } from "../../src/server/http/route-doc.ts";
import { API } from "../../src/shared/api-contract.ts";
import { createTestContext, type TestContext } from "../factories/test-app.ts";
import { apiRoutes, fillPath, type ApiRoute } from "../security/api-routes.ts";

type Schema = {
  $ref?: string;
  enum?: string[];
  required?: string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  type?: string;
  format?: string;
};
type Parameter = { in: string; name: string; required?: boolean; schema: Schema };
type Operation = {
  summary?: string;
  security: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
};
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

const ENVELOPE = "#/components/schemas/Envelope";
const FILTER_KEYS = [
  "project_id",
  "project_ids",
  "type_time",
  "start_date",
  "end_date",
  "channel_ids",
  "sentiment_ids",
  "search",
  "page",
  "summary_sort",
];

let ctx: TestContext;
let routes: ApiRoute[];
let doc: Document;

beforeAll(async () => {
  // Development routes on, so the document is checked against every route the app can register.
  ctx = await createTestContext({ config: loadConfig({ NODE_ENV: "test", TRUST_PROXY: "1", NGHE_DEV_ROUTES: "on" }) });
  routes = apiRoutes(ctx.app);
  const res = await ctx.request("/api/openapi.json");
  expect(res.status).toBe(200);
  doc = await res.json();
});
afterAll(() => ctx.close());

const findOperation = (document: Document, route: ApiRoute): Operation | undefined =>
  document.paths[route.path.replace(/:(\w+)/g, "{$1}")]?.[route.method.toLowerCase()];

function operationOf(document: Document, route: ApiRoute): Operation {
  const operation = findOperation(document, route);
  if (!operation) throw new Error(`${route.method} ${route.path} is not in the document`);
  return operation;
}

/** Registered API routes the document has no definition (an `apiDoc` summary) for. */
const undefinedRoutes = (document: Document, registered: ApiRoute[]) =>
  registered.filter((route) => !findOperation(document, route)?.summary).map((route) => `${route.method} ${route.path}`);

const operations = (document: Document) => Object.values(document.paths).flatMap((item) => Object.values(item));
const op = (method: string, path: string) => operationOf(doc, { method, path });
const names = (parameters: Parameter[] = []) => parameters.map((p) => p.name);

test("every registered API route has a definition in GET /api/openapi.json, and nothing else is listed", () => {
  expect(doc.openapi).toBe("3.1.0");
  expect(routes.length).toBeGreaterThanOrEqual(49);
  expect(routes.map((r) => `${r.method} ${r.path}`)).toContain("POST /api/test-resend-otp");
  expect(undefinedRoutes(doc, routes)).toEqual([]);
  expect(operations(doc)).toHaveLength(routes.length);
});

test("a route registered without a definition is reported", async () => {
  const app = new Hono()
    .use("/api/*", async (_c, next) => next())
    .get("/api/defined", apiDoc({ summary: "Có định nghĩa", response: type({}) }), (c) => c.json({}))
    .post("/api/forgotten", (c) => c.json({}));
  const tiny = (await openApiDocument(app)) as unknown as Document;
  expect(undefinedRoutes(tiny, apiRoutes(app))).toEqual(["POST /api/forgotten"]);
});

/** Routes whose success answer is documented neither as the envelope around a shaped `data` nor as a file. */
function unshapedAnswers(document: Document, registered: ApiRoute[]) {
  return registered
    .filter((route) => {
      const success = findOperation(document, route)?.responses["200"]?.content ?? {};
      const json = success["application/json"]?.schema;
      if (!json) return Object.keys(success).length === 0;
      const data = json.properties?.data;
      const shaped = data && Object.keys(data).some((key) => key !== "description");
      return !(shaped && json.required?.includes("data") && json.properties?.code && json.properties?.errors);
    })
    .map((route) => `${route.method} ${route.path}`);
}

test("each operation answers the envelope with its data's shape, or names the file it sends", () => {
  const files: Record<string, string[]> = {};
  for (const route of routes) {
    const { responses } = operationOf(doc, route);
    const key = `${route.method} ${route.path}`;
    expect(responses.default.content?.["application/json"].schema?.$ref, key).toBe(ENVELOPE);
    const success = responses["200"].content ?? {};
    if (!success["application/json"]?.schema?.properties?.data) files[key] = Object.keys(success);
  }
  expect(unshapedAnswers(doc, routes)).toEqual([]);
  expect(files).toEqual({
    "GET /api/openapi.json": ["application/json"],
    "GET /api/avatar/:key": ["image/*"],
    "GET /api/mention/export-excel": ["application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
    "GET /api/incident/export-excel": ["application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
    // Meta's verification request wants its challenge back as it is.
    "GET /api/webhooks/meta": ["text/plain"],
  });
  const data = (method: string, path: string) => op(method, path).responses["200"].content?.["application/json"].schema?.properties?.data;
  expect(data("GET", "/api/dashboard/stats")?.required).toEqual(expect.arrayContaining(["total_mention", "previous", "change"]));
  expect(data("GET", "/api/incident/show")?.properties?.start_date).toEqual({ type: "string", format: "date-time" });
});

test("each call of the browser's contract is a route documented with the contract's query, body and answer schemas", () => {
  const strays = Object.entries(API).filter(([, call]) => {
    const operation = doc.paths[`/api${call.path}`]?.[call.method.toLowerCase()];
    const answer = operation?.responses["200"].content?.["application/json"].schema;
    const body = operation?.requestBody?.content["application/json"]?.schema;
    const sameBody = "body" in call ? JSON.stringify(body) === JSON.stringify(jsonSchemaOf(call.body)) : true;
    const documentedQuery = (operation?.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name);
    const query = "query" in call ? Object.keys((jsonSchemaOf(call.query) as { properties?: object }).properties ?? {}) : [];
    const sameQuery = JSON.stringify(documentedQuery.sort()) === JSON.stringify(query.sort());
    return JSON.stringify(answer) !== JSON.stringify(answerJsonSchema(call.response)) || !sameBody || !sameQuery;
  });
  expect(strays.map(([name]) => name)).toEqual([]);
  expect(Object.keys(API).length).toBeGreaterThanOrEqual(75);
});

test("a route documented without its answer's shape is reported", async () => {
  const app = new Hono()
    .use("/api/*", async (_c, next) => next())
    .get("/api/shaped", apiDoc({ summary: "Có hình", response: type({ id: "number" }) }), (c) => c.json({}))
    .get("/api/bare", describeRoute({ summary: "Không hình" }), (c) => c.json({}));
  const tiny = (await openApiDocument(app)) as unknown as Document;
  expect(unshapedAnswers(tiny, apiRoutes(app))).toEqual(["GET /api/bare"]);
});

test("an answer that strays from its documented shape fails outside production", async () => {
  const app = new Hono<AppEnv>()
    .use(async (c, next) => {
      c.set("deps", ctx.deps);
      await next();
    })
    .get("/renamed", apiDoc({ summary: "Đổi tên trường", response: type({ total: "number" }) }), (c) => ok(c, { count: 1 }));
  app.onError((error, c) => c.text(error.message, 500));
  const res = await app.request("/renamed");
  expect(res.status).toBe(500);
  expect(await res.text()).toContain("total must be a number");
});

test("the documented security is what the route enforces: guarded routes refuse a caller without credentials", async () => {
  const mismatches: string[] = [];
  for (const route of routes) {
    const schemes = operationOf(doc, route).security.flatMap(Object.keys);
    const res = await ctx.request(
      fillPath(route.path, () => "1"),
      { method: route.method, ...(route.method === "GET" ? {} : { json: {} }) },
    );
    await res.arrayBuffer();
    if (schemes.length > 0 !== (res.status === 401))
      mismatches.push(`${route.method} ${route.path}: documented [${schemes}], answered ${res.status}`);
  }
  expect(mismatches).toEqual([]);
  expect(op("PUT", "/api/project/:id").security).toEqual([{ bearer: [] }]);
  expect(op("GET", "/api/dashboard/stats").security).toEqual([{ bearer: [] }]);
  expect(op("POST", "/api/ingest").security).toEqual([{ apiKey: [] }]);
  expect(op("POST", "/api/login").security).toEqual([]);
  expect(op("POST", "/api/webhooks/meta").security).toEqual([{ metaSignature: [] }]);
  expect(op("GET", "/api/connections/meta/callback").security).toEqual([]);
});

test("dashboard and mention routes list the filter keys of the query string; path parameters are listed", () => {
  const filtered = routes.filter(
    (r) =>
      r.path.startsWith("/api/dashboard/") || ["/api/mention/index", "/api/mention/stats", "/api/mention/export-excel"].includes(r.path),
  );
  expect(filtered).toHaveLength(13);
  for (const route of filtered) {
    const query = (operationOf(doc, route).parameters ?? []).filter((p) => p.in === "query");
    expect(names(query), route.path).toEqual(expect.arrayContaining(FILTER_KEYS));
    expect(query.find((p) => p.name === "type_time")?.schema.enum).toEqual(expect.arrayContaining(["today", "last-week", "custom"]));
  }
  // The export takes the list's own query, nothing of its own.
  expect(names(op("GET", "/api/mention/export-excel").parameters)).toEqual(names(op("GET", "/api/mention/index").parameters));
  expect(names(op("GET", "/api/mention/get-sub-brand").parameters)).toEqual(["project_id"]);
  expect(op("PUT", "/api/project/update-name/:id").parameters).toEqual([
    expect.objectContaining({ in: "path", name: "id", required: true }),
  ]);
});

test("request bodies come from the schemas the routes validate with", () => {
  const json = (method: string, path: string) => op(method, path).requestBody?.content["application/json"].schema;
  expect(json("POST", "/api/register")?.required).toEqual(
    expect.arrayContaining(["username", "full_name", "phone", "company", "email", "password"]),
  );
  expect(json("PUT", "/api/project/:id")?.required).toEqual(expect.arrayContaining(["brand_id", "keywords", "name"]));
  // The batch is checked item by item, and documented with the item's schema.
  expect(json("POST", "/api/ingest")?.properties?.documents.items?.required).toEqual(
    expect.arrayContaining(["channel", "url", "content", "published_at", "source"]),
  );
  expect(op("POST", "/api/user/change-avatar").requestBody?.content["multipart/form-data"].schema.required).toEqual(["avatar"]);
  const writesWithoutBody = routes
    .filter((r) => r.method !== "GET" && !operationOf(doc, r).requestBody)
    .map((r) => `${r.method} ${r.path}`);
  expect(writesWithoutBody.sort()).toEqual([
    "DELETE /api/connections/:id",
    "POST /api/logout",
    "POST /api/scan-data",
    "POST /api/user/upgrade-account",
  ]);
  expect(routes.filter((r) => r.method === "GET" && operationOf(doc, r).requestBody)).toEqual([]);
});
