import { expect, test } from "vitest";
import { layoutCloud } from "./word-cloud.ts";

test("sizes follow the counts between the bounds, the biggest term sits in the middle", () => {
  const cloud = layoutCloud(
    [
      { term: "giao hàng", count: 25 },
      { term: "sữa", count: 100 },
      { term: "giá", count: 4 },
      { term: "ngon", count: 49 },
    ],
    12,
    32,
  );
  expect(cloud.map((t) => t.term)).toEqual(["giá", "ngon", "sữa", "giao hàng"]);
  expect(cloud.map((t) => t.size)).toEqual([12, 25, 32, 20]);
  expect(cloud.find((t) => t.term === "sữa")?.rank).toBe(0);
});

test("equal counts get the middle size; no terms give an empty cloud", () => {
  expect(
    layoutCloud(
      [
        { term: "a", count: 3 },
        { term: "b", count: 3 },
      ],
      10,
      20,
    ).map((t) => t.size),
  ).toEqual([15, 15]);
  expect(layoutCloud([], 10, 20)).toEqual([]);
});
