import { readdirSync } from "node:fs";
import type { Type } from "arktype";
import { afterAll, beforeAll, expect, test } from "vitest";
import { findDbCommand } from "../../src/server/cli/db-commands.ts";
import { DashboardQuery } from "../../src/shared/schemas/dashboard.ts";
import { IngestBatch, IngestDocument } from "../../src/shared/schemas/ingest.ts";
import { metaConfig, signedDelivery } from "../factories/meta-connection.ts";
import { signedZaloEvent, zaloEnv } from "../factories/zalo-server.ts";
import { createTestContext, type TestContext } from "../factories/test-app.ts";
import { createVerifiedUser } from "../factories/users.ts";
import { apiRoutes, fillPath, type ApiRoute } from "./api-routes.ts";
import { BAD_BODIES, BAD_DATES, BAD_PATH_SEGMENTS, BAD_QUERY_VALUES, badValuesFor } from "./bad-inputs.ts";
import { fieldsOf, jsonSchemaOf, SAMPLE_NEW_PASSWORD, sampleOf, withField } from "./schema-samples.ts";

/**
 * Walks every registered API route with a catalogue of bad inputs (bad strings, numbers, dates, ids, bodies, path
 * segments) and asserts that none gets a 5xx, that every JSON answer is the envelope, and that the server is healthy after.
 */

const SCHEMAS_DIR = new URL("../../src/shared/schemas/", import.meta.url);
const isType = (value: unknown): value is Type => typeof value === "function" && "toJsonSchema" in value && "in" in value;
const objectSchemas = new Map<string, Type>([["IngestBatch", IngestBatch.merge({ documents: IngestDocument.array() }) as unknown as Type]]);
// Every object schema the shared modules export: a new body schema is fuzzed without touching this file.
for (const file of readdirSync(SCHEMAS_DIR).filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))) {
  const module = (await import(new URL(file, SCHEMAS_DIR).href)) as Record<string, unknown>;
  for (const [name, value] of Object.entries(module))
    if (isType(value) && jsonSchemaOf(value).type === "object") objectSchemas.set(name, value);
}
const QUERY_KEYS = [...Object.keys(jsonSchemaOf(DashboardQuery as unknown as Type).properties ?? {}), "id", "range", "lang"];

// The one JSON answer that is a document of its own, not an envelope.
const OPENAPI_PATH = "/api/openapi.json";

let ctx: TestContext;
let token: string;
let username: string;
let apiKey: string;
let ids: Record<string, number>;
const failures: string[] = [];
const statuses = new Map<string, Map<number, number>>();
let requests = 0;

beforeAll(async () => {
  // A Meta app and a Zalo app whose APIs are a closed loopback port: the connection routes are reached, Meta never is.
  ctx = await createTestContext({ config: metaConfig("http://127.0.0.1:9", zaloEnv("http://127.0.0.1:9")) });
  const user = await createVerifiedUser(ctx);
  token = user.token;
  username = user.account.username;
  const created = await ctx.request("/api/project", {
    method: "POST",
    token,
    json: { brand_id: 0, name: "Sữa Việt", keywords: ["Vinamilk"], competitors: [{ name: "TH", keywords: ["TH true MILK"] }] },
  });
  const projectId = (await created.json()).data.id as number;
  const made = await findDbCommand("apikey")!.run(ctx.deps, ["create", user.account.username, "fuzz"], "");
  apiKey = JSON.parse(made.stdout.split("\n")[0]).key;
  const documents = Array.from({ length: 20 }, (_, i) => ({
    channel: 1 + (i % 3),
    external_id: `fuzz-${i}`,
    url: `https://vnexpress.net/vinamilk-${i}.html`,
    content: `Vinamilk và TH true MILK ra mắt sản phẩm sữa hạt mới số ${i}`,
    published_at: "2026-11-20T07:15:00+07:00",
    source: { name: "VnExpress" },
  }));
  await ctx.request("/api/ingest", { method: "POST", json: { documents }, headers: { "x-api-key": apiKey } });
  const mention = await ctx.handle.db
    .selectFrom("mentions")
    .select("document_id")
    .where("project_id", "=", projectId)
    .executeTakeFirstOrThrow();
  ids = { project_id: projectId, id: projectId, brand_id: 0, ids: mention.document_id };
});
afterAll(() => ctx.close());

function headersFor(route: ApiRoute): Record<string, string> {
  return route.path === "/api/ingest" ? { "x-api-key": apiKey } : {};
}

/** Meta's deliveries are signed: what the fuzz posts there is signed too, so the parsing behind the signature is walked. */
function signedIfMeta(path: string, init: RequestInit & { json?: unknown }): RequestInit & { json?: unknown } {
  if (!path.startsWith("/api/webhooks/meta") || init.method !== "POST") return init;
  const raw = init.json !== undefined ? JSON.stringify(init.json) : typeof init.body === "string" ? init.body : "";
  const { headers } = signedDelivery(raw);
  return { ...init, json: undefined, body: raw, headers: { ...headers, ...(init.headers as Record<string, string>) } };
}

/**
 * Zalo's events are signed over the raw body and its timestamp: an object posted there gets the current time as its
 * timestamp and is signed, so the parsing behind the signature and the freshness check is walked too.
 */
function signedIfZalo(path: string, init: RequestInit & { json?: unknown }): RequestInit & { json?: unknown } {
  if (!path.startsWith("/api/webhooks/zalo") || init.method !== "POST") return init;
  const given = init.json !== undefined ? init.json : typeof init.body === "string" ? init.body : "";
  const event = typeof given === "object" && given !== null && !Array.isArray(given) ? given : { event_name: given };
  const { headers, body } = signedZaloEvent({ ...event, timestamp: String(ctx.deps.now().getTime()) });
  return { ...init, json: undefined, body, headers: { ...headers, ...(init.headers as Record<string, string>) } };
}

async function probe(label: string, path: string, init: RequestInit & { json?: unknown }) {
  requests += 1;
  let res: Response;
  try {
    res = await ctx.request(path, { token, ...signedIfZalo(path, signedIfMeta(path, init)) });
  } catch (error) {
    failures.push(`${label}: threw ${(error as Error).message}`);
    return;
  }
  const tally = statuses.get(label.split(" ").slice(0, 2).join(" ")) ?? new Map<number, number>();
  tally.set(res.status, (tally.get(res.status) ?? 0) + 1);
  statuses.set(label.split(" ").slice(0, 2).join(" "), tally);
  if (res.status >= 500) failures.push(`${label}: ${res.status} ${(await res.text()).slice(0, 200)}`);
  else if (res.headers.get("content-type")?.includes("application/json") && !(res.status === 200 && path.startsWith(OPENAPI_PATH))) {
    const body = (await res.json()) as { code?: unknown; data?: unknown; errors?: unknown };
    const envelope = body.code === res.status && "data" in body && typeof body.errors === "object" && body.errors !== null;
    if (!envelope) failures.push(`${label}: not an envelope (${res.status})`);
  } else if (res.status !== 200) failures.push(`${label}: ${res.status} without an envelope`);
  else await res.arrayBuffer();
}

/** Some probes succeed (log out, change the password): sign in again so the next route is reached as a user. */
async function keepSignedIn() {
  if ((await ctx.request("/api/user/show", { token })).status === 200) return;
  for (const password of ["MatKhau2026", SAMPLE_NEW_PASSWORD]) {
    const res = await ctx.request("/api/login", { method: "POST", json: { username, password }, ip: "10.9.9.9" });
    if (res.status === 200) {
      token = ((await res.json()) as { data: { access_token: string } }).data.access_token;
      return;
    }
  }
  throw new Error("the fuzz account can no longer sign in");
}

const rotate = <T>(list: T[], seed: number, n: number) =>
  Array.from({ length: Math.min(n, list.length) }, (_, i) => list[(seed + i) % list.length]);

test("no bad input gets a 5xx or leaves the envelope, on any registered route", { timeout: 600_000 }, async () => {
  const routes = apiRoutes(ctx.app);
  let seed = 0;
  for (const route of routes) {
    await keepSignedIn();
    const path = fillPath(route.path, () => String(ids.project_id));
    for (const segment of BAD_PATH_SEGMENTS) {
      if (!route.path.includes(":")) break;
      await probe(
        `${route.method} ${route.path} [path ${segment.slice(0, 20)}]`,
        fillPath(route.path, () => segment),
        { method: route.method, headers: headersFor(route) },
      );
    }
    for (const key of QUERY_KEYS) {
      for (const value of rotate(BAD_QUERY_VALUES, seed++, 4)) {
        const query = new URLSearchParams({ project_id: String(ids.project_id), [key]: value });
        await probe(`${route.method} ${route.path} ?${key}=${value.slice(0, 20)}`, `${path}?${query}`, {
          method: route.method,
          headers: headersFor(route),
        });
      }
    }
    const repeated = Array.from({ length: 5_000 }, () => ids.project_id).join(",");
    await probe(`${route.method} ${route.path} [5,000 repeated ids]`, `${path}?project_ids=${repeated}&channel_ids=${repeated}`, {
      method: route.method,
    });
    for (const [start, end] of [["0001-01-01", "9999-12-31"], ...BAD_DATES.map((date) => [date, date])]) {
      const range = `project_id=${ids.project_id}&type_time=custom&start_date=${start}&end_date=${end}`;
      await probe(`${route.method} ${route.path} [custom range ${start}–${end}]`, `${path}?${range}`, { method: route.method });
    }
    if (route.method === "GET") continue;

    for (const { contentType, body } of BAD_BODIES) {
      await probe(`${route.method} ${route.path} [body ${body.slice(0, 20)}]`, path, {
        method: route.method,
        body,
        headers: { "content-type": contentType, ...headersFor(route) },
      });
    }
    for (const [name, schema] of objectSchemas) {
      const json = jsonSchemaOf(schema);
      const sample = sampleOf(json, "", ids);
      for (const field of fieldsOf(name, json)) {
        for (const bad of rotate(badValuesFor(field.type), seed++, 3)) {
          await probe(`${route.method} ${route.path} ${name}.${field.path.join(".")}=${JSON.stringify(bad)?.slice(0, 20)}`, path, {
            method: route.method,
            json: withField(sample, field.path, bad),
            headers: headersFor(route),
          });
        }
      }
    }
  }

  if (process.env.FUZZ_STATUSES) for (const [route, tally] of statuses) console.log(route, JSON.stringify([...tally]));
  console.log(
    `fuzz: ${routes.length} routes walked, ${requests} requests, ${objectSchemas.size} body schemas, ${QUERY_KEYS.length} query keys`,
  );
  expect(failures.slice(0, 200)).toEqual([]);
  expect((await ctx.request("/api/health")).status).toBe(200);
  expect((await ctx.request(`/api/dashboard/stats?project_id=${ids.project_id}`, { token })).status).toBe(200);
});
