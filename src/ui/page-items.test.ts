import { expect, test } from "vitest";
import { pageItems } from "./page-items.ts";

test("first, last and the current page's neighbours, with gaps", () => {
  expect(pageItems(1, 0)).toEqual([]);
  expect(pageItems(1, 1)).toEqual([1]);
  expect(pageItems(1, 5)).toEqual([1, 2, "gap-after", 5]);
  expect(pageItems(3, 5)).toEqual([1, 2, 3, 4, 5]);
  expect(pageItems(10, 20)).toEqual([1, "gap-before", 9, 10, 11, "gap-after", 20]);
  expect(pageItems(20, 20)).toEqual([1, "gap-before", 19, 20]);
});
