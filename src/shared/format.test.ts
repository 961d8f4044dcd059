import { describe, expect, test } from "vitest";
import {
  formatChartDuration,
  formatDate,
  formatDateTime,
  formatDuration,
  formatLabel,
  formatNumber,
  formatPercent,
  formatWeekLabel,
  percentages,
} from "./format.ts";

describe("formatNumber", () => {
  test("groups thousands with commas and uses a dot for decimals", () => {
    expect(formatNumber(0)).toBe("0");
    expect(formatNumber(999)).toBe("999");
    expect(formatNumber(1000)).toBe("1,000");
    expect(formatNumber(1234567)).toBe("1,234,567");
    expect(formatNumber(1234.5)).toBe("1,234.5");
    expect(formatNumber(0.125, 2)).toBe("0.13");
    expect(formatNumber(2.0)).toBe("2");
  });
  test("keeps the sign of negative numbers and never shows -0", () => {
    expect(formatNumber(-1234567)).toBe("-1,234,567");
    expect(formatNumber(-0.001)).toBe("0");
    expect(formatNumber(-12.75)).toBe("-12.75");
  });
  test("shows a dash for values that are not numbers", () => {
    expect(formatNumber(Number.NaN)).toBe("-");
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe("-");
  });
});

describe("percentages", () => {
  const sum = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0) * 100);
  test("thirds add up to exactly 100", () => {
    const p = percentages([1, 1, 1]);
    expect(p).toEqual([33.34, 33.33, 33.33]);
    expect(sum(p)).toBe(10_000);
  });
  test("zero totals give zeros, not NaN", () => {
    expect(percentages([0, 0, 0])).toEqual([0, 0, 0]);
    expect(percentages([])).toEqual([]);
  });
  test("negative values count as zero", () => {
    expect(percentages([-5, 5])).toEqual([0, 100]);
  });
  test("uneven shares keep two decimals and sum to 100", () => {
    for (const values of [
      [2, 3, 7],
      [1, 2],
      [123, 456, 789, 1],
      [1, 0, 0, 5],
      [7, 7, 7, 7, 7, 7, 7],
    ]) {
      const p = percentages(values);
      expect(sum(p)).toBe(10_000);
      for (const v of p) expect(Math.round(v * 100)).toBeCloseTo(v * 100, 6);
    }
  });
  test("formatPercent shows two decimals", () => {
    expect(formatPercent(33.3)).toBe("33.30%");
  });
});

describe("durations", () => {
  test("mm:ss under an hour, hh:mm:ss from an hour", () => {
    expect(formatDuration(0)).toBe("00:00");
    expect(formatDuration(59)).toBe("00:59");
    expect(formatDuration(3599)).toBe("59:59");
    expect(formatDuration(3600)).toBe("01:00:00");
    expect(formatDuration(36_061)).toBe("10:01:01");
    expect(formatDuration(-5)).toBe("00:00");
  });
  test("chart form uses units and a dash when empty", () => {
    expect(formatChartDuration(null)).toBe("-");
    expect(formatChartDuration(undefined)).toBe("-");
    expect(formatChartDuration(45)).toBe("45s");
    expect(formatChartDuration(125)).toBe("2m 5s");
    expect(formatChartDuration(3725)).toBe("1h 2m 5s");
    expect(formatChartDuration(3600, { hour: " giờ", minute: " phút", second: " giây" })).toBe("1 giờ 0 phút 0 giây");
  });
});

describe("dates in Vietnam time", () => {
  test("a UTC evening is the next day in Vietnam", () => {
    expect(formatDate("2026-12-31T17:30:00Z")).toBe("2027-01-01");
    expect(formatDateTime("2026-12-31T17:30:05Z")).toBe("2027-01-01 00:30:05");
    expect(formatDateTime("2026-03-05T01:02:03Z")).toBe("2026-03-05 08:02:03");
  });
  test("weekly labels add the year only where it differs from the reference year", () => {
    expect(formatWeekLabel("2026-11-16T00:00:00+07:00", "2026-11-22T00:00:00+07:00", 2026)).toBe("16/11-22/11");
    expect(formatWeekLabel("2026-12-28T00:00:00+07:00", "2027-01-03T00:00:00+07:00", 2027)).toBe("28/12/2026-03/01");
    expect(formatWeekLabel("2025-06-02T00:00:00+07:00", "2025-06-08T00:00:00+07:00", 2026)).toBe("02/06/2025-08/06/2025");
  });
});

describe("formatLabel", () => {
  test("spec examples", () => {
    expect(formatLabel("TV")).toBe("TV");
    expect(formatLabel("REVIEW-APP")).toBe("Review App");
  });
  test("other slugs", () => {
    expect(formatLabel("zalo-group")).toBe("Zalo Group");
    expect(formatLabel("NEWS")).toBe("News");
    expect(formatLabel("review_map")).toBe("Review Map");
  });
});
