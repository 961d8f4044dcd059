import { expect, test } from "vitest";
import { bucketStarts, dateRange, granularityFor, presetRange, previousRange } from "./time-range.ts";

// 2026-11-21 10:20 in Hanoi (a Saturday).
const now = new Date("2026-11-21T03:20:00Z");
const iso = (r: { start: Date; end: Date }) => [r.start.toISOString(), r.end.toISOString()];

test("calendar presets follow Vietnam days, Monday weeks and months", () => {
  expect(iso(presetRange("today", now))).toEqual(["2026-11-20T17:00:00.000Z", "2026-11-21T17:00:00.000Z"]);
  expect(iso(presetRange("yesterday", now))).toEqual(["2026-11-19T17:00:00.000Z", "2026-11-20T17:00:00.000Z"]);
  expect(iso(presetRange("this-week", now))).toEqual(["2026-11-15T17:00:00.000Z", "2026-11-22T17:00:00.000Z"]);
  expect(iso(presetRange("last-week", now))).toEqual(["2026-11-08T17:00:00.000Z", "2026-11-15T17:00:00.000Z"]);
  expect(iso(presetRange("this-month", now))).toEqual(["2026-10-31T17:00:00.000Z", "2026-11-30T17:00:00.000Z"]);
  expect(iso(presetRange("last-month", now))).toEqual(["2026-09-30T17:00:00.000Z", "2026-10-31T17:00:00.000Z"]);
});

test("just after midnight in Hanoi is already the next day, and January's last month is December", () => {
  const early = new Date("2026-12-31T17:30:00Z");
  expect(iso(presetRange("today", early))[0]).toBe("2026-12-31T17:00:00.000Z");
  expect(iso(presetRange("last-month", early))).toEqual(["2026-11-30T17:00:00.000Z", "2026-12-31T17:00:00.000Z"]);
});

test("rolling presets are whole hours ending at the next hour", () => {
  expect(iso(presetRange("last-24h", now))).toEqual(["2026-11-20T04:00:00.000Z", "2026-11-21T04:00:00.000Z"]);
  expect(iso(presetRange("hour", now))).toEqual(["2026-11-21T03:00:00.000Z", "2026-11-21T04:00:00.000Z"]);
});

test("custom dates include the end date; previous period and granularity", () => {
  const range = dateRange("2026-11-01", "2026-11-07");
  expect(iso(range)).toEqual(["2026-10-31T17:00:00.000Z", "2026-11-07T17:00:00.000Z"]);
  expect(iso(previousRange(range))).toEqual(["2026-10-24T17:00:00.000Z", "2026-10-31T17:00:00.000Z"]);
  expect(granularityFor(presetRange("yesterday", now))).toBe("hour");
  expect(granularityFor(range)).toBe("day");
  expect(granularityFor(dateRange("2026-01-01", "2026-11-20"))).toBe("week");
  expect(bucketStarts(range, "day")).toHaveLength(7);
  expect(bucketStarts(dateRange("2026-11-04", "2026-11-20"), "week")[0].toISOString()).toBe("2026-11-01T17:00:00.000Z");
});
