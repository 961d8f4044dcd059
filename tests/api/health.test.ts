import { afterAll, beforeAll, expect, test } from "vitest";
import { loadMigrations, migrate } from "../../src/server/db/migrate.ts";
import { createTestContext, type TestContext } from "../factories/test-app.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const expectedKind = process.env.NGHE_TEST_DB === "postgres" ? "postgres" : "pglite";

test("GET /api/health answers the envelope with the database kind and migration version", async () => {
  const res = await ctx.request("/api/health");
  expect(res.status).toBe(200);
  const body = await res.json();
  expect(body).toEqual({
    code: 200,
    data: { status: "ok", database: expectedKind, migration: loadMigrations().at(-1)!.version, time: "2026-11-21T03:00:00.000Z" },
    errors: {},
  });
});

test("migrations are idempotent and safe to run from several processes at once", async () => {
  const versions = await Promise.all([migrate(ctx.handle.db), migrate(ctx.handle.db), migrate(ctx.handle.db)]);
  expect(new Set(versions).size).toBe(1);
  const rows = await ctx.handle.db.selectFrom("schema_migrations").select("version").execute();
  expect(rows.map((r) => r.version)).toEqual(loadMigrations().map((m) => m.version));
});

test("unknown API paths answer a 404 envelope in the caller's language", async () => {
  const vi = await ctx.request("/api/does-not-exist");
  expect(vi.status).toBe(404);
  expect(await vi.json()).toEqual({
    code: 404,
    data: { message: "Không tìm thấy đường dẫn API này" },
    errors: { message: ["Không tìm thấy đường dẫn API này"] },
  });
  const en = await ctx.request("/api/does-not-exist", { method: "POST", lang: "en" });
  expect((await en.json()).errors.message).toEqual(["This API path does not exist"]);
});

test("oversized bodies are refused with 413 before any handler reads them", async () => {
  const res = await ctx.request("/api/health", {
    method: "POST",
    body: "x".repeat(6 * 1024 * 1024),
    headers: { "content-type": "text/plain" },
  });
  expect(res.status).toBe(413);
  expect((await res.json()).code).toBe(413);
});

test("a failing database gives a 500 envelope without internals", async () => {
  const broken = await createTestContext();
  await broken.close();
  const res = await broken.request("/api/health");
  expect(res.status).toBe(500);
  const text = await res.text();
  expect(JSON.parse(text)).toEqual({
    code: 500,
    data: { message: "Đã xảy ra lỗi máy chủ. Vui lòng thử lại sau." },
    errors: { message: ["Đã xảy ra lỗi máy chủ. Vui lòng thử lại sau."] },
  });
  expect(text).not.toMatch(/at .*\.ts|stack|Error:/);
});

test("the OpenAPI document describes the routes with request schemas from the shared validators", async () => {
  const doc = await (await ctx.request("/api/openapi.json")).json();
  expect(doc.openapi).toBe("3.1.0");
  expect(doc.paths["/api/register"].post.requestBody.content["application/json"].schema.required).toEqual(
    expect.arrayContaining(["username", "full_name", "phone", "company", "email", "password"]),
  );
  expect(doc.paths["/api/project/{id}"].put.security).toEqual([{ bearer: [] }]);
  expect(doc.paths["/api/ingest"].post.security).toEqual([{ apiKey: [] }]);
});
