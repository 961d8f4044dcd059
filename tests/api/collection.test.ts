import { readFileSync } from "node:fs";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createHttpClient, createRssCollector, type Collector } from "../../src/server/collectors/index.ts";
import { runSource } from "../../src/server/services/collection/run-source.ts";
import { localServer } from "../factories/local-server.ts";
import { createTestContext, type TestContext } from "../factories/test-app.ts";
import { createVerifiedUser } from "../factories/users.ts";

const FEED = readFileSync(new URL("../fixtures/collectors/rss/vnexpress-kinh-doanh.rss", import.meta.url));
let feedStatus = 200;
let ctx: TestContext;
let token: string;
let server: Awaited<ReturnType<typeof localServer>>;

beforeAll(async () => {
  server = await localServer((_req, res) => {
    res.writeHead(feedStatus, { "content-type": "application/rss+xml; charset=utf-8" });
    res.end(feedStatus === 200 ? FEED : "busy");
  });
  ctx = await createTestContext();
  ({ token } = await createVerifiedUser(ctx));
  await ctx.request("/api/project", {
    method: "POST",
    token,
    json: { brand_id: 0, name: "Sữa", keywords: ["Vinamilk"], competitors: [{ name: "Viễn thông", keywords: ["Viettel"] }] },
  });
});
afterAll(async () => {
  await ctx.close();
  await server.close();
});

const source = () => ({
  collector: createRssCollector({
    id: "test-vnexpress",
    name: "VnExpress",
    site: "vnexpress.net",
    url: `${server.url}/rss/kinh-doanh.rss`,
    channel: 2,
    enabled: true,
  }) as Collector<unknown>,
  everyMs: 600_000,
  byKeywords: false,
});
const http = createHttpClient({ hostDelayMs: 0, maxAttempts: 1, sleep: async () => undefined });

test("a round polls the feed, stores the items once, links them to matching projects and records health", async () => {
  const round = await runSource(ctx.deps, http, source(), []);
  expect(round.errors).toEqual([]);
  expect(round.collected).toBeGreaterThan(2);
  expect(round.mentions).toBe(2);
  const again = await runSource(ctx.deps, http, source(), []);
  expect(again.mentions).toBe(0);
  const health = await (await ctx.request("/api/sources/health", { token })).json();
  expect(health.data).toEqual([
    expect.objectContaining({ collector_id: "rss:test-vnexpress", healthy: true, items_total: round.collected + again.collected }),
  ]);
});

test("a failing provider is recorded, not thrown, and the next success makes the source healthy again", async () => {
  feedStatus = 503;
  const failed = await runSource(ctx.deps, http, source(), []);
  expect(failed.errors[0].kind).toBe("server");
  let health = (await (await ctx.request("/api/sources/health", { token })).json()).data[0];
  expect(health).toMatchObject({ healthy: false, last_error_kind: "server" });
  feedStatus = 200;
  await runSource(ctx.deps, http, source(), []);
  health = (await (await ctx.request("/api/sources/health", { token })).json()).data[0];
  expect(health.healthy).toBe(true);
});
