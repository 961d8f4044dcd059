import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_USER_AGENT, parseRetryAfter } from "./http";
import { testHttpClient } from "../../../tests/factories/collectors/fake-time";
import { startFixtureServer, type FixtureServer, type Reply } from "../../../tests/factories/collectors/fixture-server";

let servers: FixtureServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

async function serve(handler: (attempt: number) => Reply | Promise<Reply>) {
  let attempt = 0;
  const server = await startFixtureServer(() => handler(++attempt));
  servers.push(server);
  return server;
}

describe("http client", () => {
  it("names Nghe in the User-Agent and returns the decoded body", async () => {
    const server = await serve(() => ({ headers: { "content-type": "text/plain; charset=utf-8" }, body: "Xin chào Việt Nam" }));
    const { http } = testHttpClient();
    const result = await http.get({ url: `${server.baseUrl}/hello`, accept: "text/plain" });
    expect(result.ok && result.response.text()).toBe("Xin chào Việt Nam");
    expect(server.requests[0].headers["user-agent"]).toBe(DEFAULT_USER_AGENT);
    expect(DEFAULT_USER_AGENT).toContain("Nghe");
    expect(server.requests[0].headers.accept).toBe("text/plain");
  });

  it("sends the validators and reports 304 with them kept", async () => {
    const server = await serve(() => ({ status: 304 }));
    const { http } = testHttpClient();
    const validators = { etag: '"v42"', lastModified: "Fri, 21 Nov 2025 02:00:00 GMT" };
    const result = await http.get({ url: `${server.baseUrl}/feed`, validators });
    expect(server.requests[0].headers["if-none-match"]).toBe('"v42"');
    expect(server.requests[0].headers["if-modified-since"]).toBe("Fri, 21 Nov 2025 02:00:00 GMT");
    expect(result.ok && result.response.status).toBe(304);
    expect(result.ok && result.response.validators).toEqual(validators);
  });

  it("waits as long as Retry-After says after a 429, then succeeds", async () => {
    const server = await serve((attempt) => (attempt === 1 ? { status: 429, headers: { "retry-after": "7" } } : { body: "ok" }));
    const { http, time } = testHttpClient({ hostDelayMs: 0 });
    const result = await http.get({ url: `${server.baseUrl}/limited` });
    expect(result.ok && result.response.text()).toBe("ok");
    expect(time.sleeps).toEqual([7_000]);
  });

  it("reports a Retry-After longer than it is willing to wait as rate_limited, without waiting", async () => {
    const server = await serve(() => ({ status: 429, headers: { "retry-after": "3600" } }));
    const { http, time } = testHttpClient({ hostDelayMs: 0, maxRetryAfterMs: 60_000 });
    const result = await http.get({ url: `${server.baseUrl}/limited` });
    expect(result).toEqual({ ok: false, error: { kind: "rate_limited", message: expect.stringContaining("Retry-After 3600 s") } });
    expect(time.sleeps).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it("retries 5xx with exponential backoff and jitter, then reports it", async () => {
    const server = await serve(() => ({ status: 503 }));
    const { http, time } = testHttpClient({ hostDelayMs: 0, maxAttempts: 3, backoffBaseMs: 1_000 });
    const result = await http.get({ url: `${server.baseUrl}/down` });
    expect(result).toEqual({ ok: false, error: { kind: "server", message: expect.stringContaining("after 3 attempts") } });
    expect(server.requests).toHaveLength(3);
    // jitter fixed at 0.5: half of the ceiling plus a quarter of it
    expect(time.sleeps).toEqual([750, 1_500]);
  });

  it("recovers when a retry of a 5xx succeeds", async () => {
    const server = await serve((attempt) => (attempt < 3 ? { status: 502 } : { body: "back" }));
    const { http } = testHttpClient({ hostDelayMs: 0 });
    const result = await http.get({ url: `${server.baseUrl}/flaky` });
    expect(result.ok && result.response.text()).toBe("back");
  });

  it("reports a timeout after its attempts", async () => {
    const server = await serve(() => "hang");
    const { http } = testHttpClient({ hostDelayMs: 0, timeoutMs: 50, maxAttempts: 2 });
    const result = await http.get({ url: `${server.baseUrl}/slow` });
    expect(result).toEqual({ ok: false, error: { kind: "timeout", message: expect.stringContaining("within 50 ms") } });
    expect(server.requests).toHaveLength(2);
  });

  it("reports a refused connection as a network error", async () => {
    const server = await serve(() => ({ body: "" }));
    await server.close();
    servers = [];
    const { http } = testHttpClient({ hostDelayMs: 0, maxAttempts: 1 });
    const result = await http.get({ url: `${server.baseUrl}/gone` });
    expect(result.ok ? null : result.error.kind).toBe("network");
  });

  it("refuses bodies over the size cap, declared or streamed", async () => {
    const server = await serve((attempt) =>
      attempt === 1 ? { body: "x".repeat(5_000) } : { headers: { "transfer-encoding": "chunked" }, body: "y".repeat(5_000) },
    );
    const { http } = testHttpClient({ hostDelayMs: 0, maxBodyBytes: 1_000 });
    for (const path of ["/declared", "/streamed"]) {
      const result = await http.get({ url: `${server.baseUrl}${path}` });
      expect(result.ok ? null : result.error.kind).toBe("too_large");
    }
  });

  it("hands 4xx to the caller without retrying", async () => {
    const server = await serve(() => ({ status: 404, body: "không tìm thấy" }));
    const { http, time } = testHttpClient({ hostDelayMs: 0 });
    const result = await http.get({ url: `${server.baseUrl}/missing` });
    expect(result.ok && result.response.status).toBe(404);
    expect(server.requests).toHaveLength(1);
    expect(time.sleeps).toEqual([]);
  });

  it("spaces requests to one host by the politeness delay, one at a time", async () => {
    const { http, time } = testHttpClient({ hostDelayMs: 2_500 });
    let inFlight = 0;
    let maxInFlight = 0;
    const startedAt: number[] = [];
    const server = await serve(async () => {
      startedAt.push(time.clock());
      maxInFlight = Math.max(maxInFlight, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, 20));
      inFlight--;
      return { body: "ok" };
    });
    const other = await serve(() => ({ body: "ok" }));
    await Promise.all([1, 2, 3].map((n) => http.get({ url: `${server.baseUrl}/page/${n}` })));
    await http.get({ url: `${other.baseUrl}/first` });
    expect(maxInFlight).toBe(1);
    expect(startedAt[1] - startedAt[0]).toBeGreaterThanOrEqual(2_500);
    expect(startedAt[2] - startedAt[1]).toBeGreaterThanOrEqual(2_500);
    // the other host's first request did not wait
    expect(time.sleeps).toEqual([2_500, 2_500]);
  });
});

describe("parseRetryAfter", () => {
  it("reads delta-seconds and HTTP-dates", () => {
    const now = Date.parse("2025-11-21T03:00:00Z");
    expect(parseRetryAfter("120", now)).toBe(120_000);
    expect(parseRetryAfter("Fri, 21 Nov 2025 03:00:30 GMT", now)).toBe(30_000);
    expect(parseRetryAfter("Fri, 21 Nov 2025 02:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("soon", now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });
});
