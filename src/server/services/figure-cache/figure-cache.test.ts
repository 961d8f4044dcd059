import { describe, expect, test } from "vitest";
import { createFigureCache } from "./figure-cache.ts";

function setup(ttlMs = 30_000, maxEntries = 3) {
  let now = new Date("2026-11-25T01:00:00Z");
  const cache = createFigureCache({ ttlMs, maxEntries, now: () => now });
  let computed = 0;
  const compute = (value: string) => () => {
    computed += 1;
    return Promise.resolve(value);
  };
  return { cache, compute, computed: () => computed, advance: (ms: number) => (now = new Date(now.getTime() + ms)) };
}

describe("figure cache", () => {
  test("an answer is reused within its lifetime and computed again after it", async () => {
    const { cache, compute, computed, advance } = setup();
    expect(await cache.read("a", compute("1"))).toBe("1");
    advance(29_999);
    expect(await cache.read("a", compute("2"))).toBe("1");
    advance(1);
    expect(await cache.read("a", compute("3"))).toBe("3");
    expect(computed()).toBe(2);
  });

  test("callers asking the same while it is computed share one computation", async () => {
    const { cache } = setup();
    let release!: (value: string) => void;
    let calls = 0;
    const slow = () => {
      calls += 1;
      return new Promise<string>((resolve) => (release = resolve));
    };
    const waiting = Promise.all([cache.read("a", slow), cache.read("a", slow), cache.read("a", slow)]);
    release("done");
    expect(await waiting).toEqual(["done", "done", "done"]);
    expect(calls).toBe(1);
  });

  test("a failure is not kept", async () => {
    const { cache, compute } = setup();
    await expect(cache.read("a", () => Promise.reject(new Error("database gone")))).rejects.toThrow("database gone");
    expect(await cache.read("a", compute("ok"))).toBe("ok");
  });

  test("past its size the least recently used answer goes first", async () => {
    const { cache, compute, computed } = setup();
    for (const key of ["a", "b", "c"]) await cache.read(key, compute(key));
    await cache.read("a", compute("a"));
    await cache.read("d", compute("d"));
    expect(cache.stats().entries).toBe(3);
    await cache.read("a", compute("a"));
    await cache.read("b", compute("b"));
    expect(computed()).toBe(5);
  });

  test("with a lifetime of 0 it is off", () => {
    expect(setup(0).cache.enabled).toBe(false);
  });
});
