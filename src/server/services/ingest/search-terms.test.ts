import { expect, test } from "vitest";
import { int64Text } from "./search-terms.ts";

const halves = (value: bigint): [number, number] => [Number(BigInt.asIntN(32, value >> 32n)), Number(BigInt.asUintN(32, value))];

test("a signed 64-bit integer's decimal text, at the edges of every path and at random", () => {
  const edges = [0n, 1n, -1n, 2n ** 32n, 2n ** 53n - 1n, 2n ** 53n, -(2n ** 53n), 2n ** 63n - 1n, -(2n ** 63n), 10n ** 18n, -(10n ** 14n)];
  let seed = 7;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return BigInt(seed);
  };
  const randoms = Array.from({ length: 2000 }, () => BigInt.asIntN(64, (random() << 33n) ^ (random() << 11n) ^ random()));
  for (const value of [...edges, ...randoms]) expect(int64Text(...halves(value))).toBe(value.toString());
});
