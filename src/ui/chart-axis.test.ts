import { expect, test } from "vitest";
import { bucketLabel, bucketTitle, labelledBuckets } from "./chart-axis.ts";

test("axis labels per granularity, in Vietnam time", () => {
  // 17:00 UTC is midnight in Vietnam.
  expect(bucketLabel("hour", "2026-03-04T17:00:00.000Z", 2026)).toBe("00:00");
  expect(bucketLabel("hour", "2026-03-05T06:00:00.000Z", 2026)).toBe("13:00");
  expect(bucketLabel("day", "2026-03-04T17:00:00.000Z", 2026)).toBe("05/03");
  expect(bucketLabel("day", "2025-12-30T17:00:00.000Z", 2026)).toBe("31/12/2025");
  expect(bucketLabel("week", "2026-03-01T17:00:00.000Z", 2026)).toBe("02/03-08/03");
  expect(bucketLabel("week", "2025-12-28T17:00:00.000Z", 2026)).toBe("29/12/2025-04/01");
});

test("hover titles carry the date", () => {
  expect(bucketTitle("hour", "2026-03-05T06:00:00.000Z")).toBe("13:00 05/03/2026");
  expect(bucketTitle("day", "2026-03-04T17:00:00.000Z")).toBe("05/03/2026");
  expect(bucketTitle("week", "2026-03-01T17:00:00.000Z")).toBe("02/03/2026-08/03/2026");
});

test("labels are thinned to fit the axis", () => {
  expect(labelledBuckets(7, 700, 50)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  expect(labelledBuckets(30, 300, 50)).toEqual([0, 5, 10, 15, 20, 25]);
  expect(labelledBuckets(48, 10, 50)).toEqual([0]);
});
