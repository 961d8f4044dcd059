import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createTestContext, type TestContext } from "../factories/test-app.ts";

// A stand-in for the built site, so these checks need no build; the e2e suite runs them against the real one.
const dist = mkdtempSync(join(tmpdir(), "nghe-dist-"));
const files: Record<string, string> = {
  "404.html": "vi not found",
  "en/404/index.html": "en not found",
  "login/index.html": "vi login",
  "en/login/index.html": "en login",
  "overview/index.html": "vi overview shell",
  "en/overview/index.html": "en overview shell",
  "mention/index.html": "vi mention shell",
  "crisis-management/case/index.html": "crisis case shell",
  "crisis-management/relate/index.html": "crisis relate shell",
  "_astro/app.123.js": "console.log(1)",
};

let ctx: TestContext;
beforeAll(async () => {
  for (const [path, body] of Object.entries(files)) {
    mkdirSync(dirname(join(dist, path)), { recursive: true });
    writeFileSync(join(dist, path), body);
  }
  ctx = await createTestContext({}, { distDir: dist });
});
afterAll(async () => {
  await ctx.close();
  rmSync(dist, { recursive: true });
});

const get = async (path: string) => {
  const res = await ctx.request(path);
  return { status: res.status, body: await res.text(), location: res.headers.get("location"), cache: res.headers.get("cache-control") };
};

test("/ redirects to the overview at once, in each language", async () => {
  expect(await get("/")).toMatchObject({ status: 302, location: "/overview" });
  expect(await get("/en")).toMatchObject({ status: 302, location: "/en/overview" });
  expect(await get("/en/")).toMatchObject({ status: 302, location: "/en/overview" });
});

test("pages are served at the spec's paths and under /en/", async () => {
  expect(await get("/login")).toMatchObject({ status: 200, body: "vi login" });
  expect(await get("/login/")).toMatchObject({ status: 200, body: "vi login" });
  expect(await get("/en/login")).toMatchObject({ status: 200, body: "en login" });
});

test("dynamic dashboard routes get their screen's shell; unknown slugs are 404", async () => {
  expect(await get("/overview/facebook")).toMatchObject({ status: 200, body: "vi overview shell" });
  expect(await get("/overview/social")).toMatchObject({ status: 200, body: "vi overview shell" });
  expect(await get("/en/overview/review-app")).toMatchObject({ status: 200, body: "en overview shell" });
  expect(await get("/mention/ecommerce")).toMatchObject({ status: 200, body: "vi mention shell" });
  expect(await get("/overview/myspace")).toMatchObject({ status: 404, body: "vi not found" });
  expect(await get("/crisis-management/42")).toMatchObject({ status: 200, body: "crisis case shell" });
  expect(await get("/crisis-management/42/relate")).toMatchObject({ status: 200, body: "crisis relate shell" });
  expect(await get("/crisis-management/relate")).toMatchObject({ status: 200, body: "crisis relate shell" });
});

test("unknown routes answer 404 with the page of their language", async () => {
  expect(await get("/khong-co-trang-nay")).toMatchObject({ status: 404, body: "vi not found" });
  expect(await get("/en/no-such-page")).toMatchObject({ status: 404, body: "en not found" });
});

test("files outside the site are never served", async () => {
  expect((await get("/../package.json")).status).toBe(404);
  expect((await get("/%2e%2e/package.json")).status).toBe(404);
});

test("hashed assets are cached for good, pages are revalidated", async () => {
  expect((await get("/_astro/app.123.js")).cache).toContain("immutable");
  expect((await get("/login")).cache).toBe("no-cache");
});
