import { createHttpClient, type HttpClientOptions } from "../../../src/server/collectors/http";

/** A clock that only moves when something sleeps, so waits are asserted without being waited. */
function fakeTime(startMs = Date.parse("2025-11-21T03:00:00Z")) {
  let now = startMs;
  const sleeps: number[] = [];
  return {
    clock: () => now,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      now += ms;
    },
    sleeps,
  };
}

/** An HTTP client on fake time with deterministic jitter; options override the defaults. */
export function testHttpClient(options: HttpClientOptions = {}) {
  const time = fakeTime();
  const http = createHttpClient({ clock: time.clock, sleep: time.sleep, random: () => 0.5, timeoutMs: 2_000, ...options });
  return { http, time };
}
