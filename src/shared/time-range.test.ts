import { expect, test } from "vitest";
import { bucketStarts, dateRange, granularityFor, presetRange, previousRange, statedDays } from "./time-range.ts";
import { formatDate, formatDateTime } from "./format.ts";

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

test("the last 7 and 30 days and the last 3 months start at midnight, today included", () => {
  expect(iso(presetRange("week", now))).toEqual(["2026-11-14T17:00:00.000Z", "2026-11-21T04:00:00.000Z"]);
  expect(iso(presetRange("month", now))).toEqual(["2026-10-22T17:00:00.000Z", "2026-11-21T04:00:00.000Z"]);
  expect(iso(presetRange("3-months-ago", now))).toEqual(["2026-08-20T17:00:00.000Z", "2026-11-21T04:00:00.000Z"]);
});

const axis = (range: { start: Date; end: Date }, at = now) => bucketStarts(range, granularityFor(range), at).map((d) => formatDateTime(d));

test("a chart draws no bucket that has not begun: today at 10:20 ends with the 10:00 hour", () => {
  const today = axis(presetRange("today", now));
  expect(today).toHaveLength(11);
  expect(today.at(0)).toBe("2026-11-21 00:00:00");
  expect(today.at(-1)).toBe("2026-11-21 10:00:00");
  expect(axis(presetRange("this-month", now))).toHaveLength(21);
  // A finished period keeps every bucket.
  expect(axis(presetRange("last-month", now))).toHaveLength(31);
});

test("a chart never starts with a bucket its period only partly covers", () => {
  for (const preset of ["last-24h", "today", "week", "this-week", "month", "this-month", "last-month", "3-months-ago"] as const) {
    const range = presetRange(preset, now);
    expect(axis(range)[0], preset).toBe(formatDateTime(range.start));
  }
  const month = axis(presetRange("month", now));
  expect(month).toHaveLength(30);
  expect(month[0]).toBe("2026-10-23 00:00:00");
  // Weeks are counted from the period's first day, whatever its weekday.
  const long = dateRange("2026-01-01", "2026-11-20");
  expect(granularityFor(long)).toBe("week");
  expect(axis(long).slice(0, 2)).toEqual(["2026-01-01 00:00:00", "2026-01-08 00:00:00"]);
});

test("a period states no day that has not come yet", () => {
  const days = (r: { first: Date; last: Date }) => [formatDate(r.first), formatDate(r.last)];
  expect(days(statedDays(presetRange("this-month", now), now))).toEqual(["2026-11-01", "2026-11-21"]);
  expect(days(statedDays(presetRange("today", now), now))).toEqual(["2026-11-21", "2026-11-21"]);
  expect(days(statedDays(presetRange("last-month", now), now))).toEqual(["2026-10-01", "2026-10-31"]);
  expect(days(statedDays(dateRange("2026-11-01", "2026-12-31"), now))).toEqual(["2026-11-01", "2026-11-21"]);
});

test("custom dates include the end date; previous period and granularity", () => {
  const range = dateRange("2026-11-01", "2026-11-07");
  expect(iso(range)).toEqual(["2026-10-31T17:00:00.000Z", "2026-11-07T17:00:00.000Z"]);
  expect(iso(previousRange(range))).toEqual(["2026-10-24T17:00:00.000Z", "2026-10-31T17:00:00.000Z"]);
  expect(granularityFor(presetRange("yesterday", now))).toBe("hour");
  expect(granularityFor(range)).toBe("day");
  expect(granularityFor(dateRange("2026-01-01", "2026-11-20"))).toBe("week");
  expect(bucketStarts(range, "day", now)).toHaveLength(7);
});
