import { describe, expect, test } from "vitest";
import {
  lastCompletePeriod,
  lastDuePeriod,
  nextReportAt,
  periodContaining,
  periodEndsAt,
  previousPeriod,
  reportDueAt,
} from "./report-periods.ts";

const vn = (local: string) => new Date(`${local}+07:00`);

describe("report periods in Vietnam time", () => {
  test("each frequency's period holding a day", () => {
    expect(periodContaining("daily", "2026-11-20")).toEqual({ frequency: "daily", start: "2026-11-20", end: "2026-11-20" });
    // 2026-11-20 is a Friday.
    expect(periodContaining("weekly", "2026-11-20")).toEqual({ frequency: "weekly", start: "2026-11-16", end: "2026-11-22" });
    expect(periodContaining("weekly", "2026-11-22")).toEqual({ frequency: "weekly", start: "2026-11-16", end: "2026-11-22" });
    expect(periodContaining("monthly", "2024-02-10")).toEqual({ frequency: "monthly", start: "2024-02-01", end: "2024-02-29" });
    expect(periodContaining("annual", "2026-07-01")).toEqual({ frequency: "annual", start: "2026-01-01", end: "2026-12-31" });
  });

  test("due at 08:00 Vietnam time: next day, next Monday, the 1st, 2 January", () => {
    expect(reportDueAt(periodContaining("daily", "2026-12-31"))).toEqual(vn("2027-01-01T08:00:00"));
    expect(reportDueAt(periodContaining("weekly", "2026-12-30"))).toEqual(vn("2027-01-04T08:00:00"));
    expect(reportDueAt(periodContaining("monthly", "2026-12-15"))).toEqual(vn("2027-01-01T08:00:00"));
    expect(reportDueAt(periodContaining("annual", "2026-12-15"))).toEqual(vn("2027-01-02T08:00:00"));
    expect(periodEndsAt(periodContaining("monthly", "2026-12-15"))).toEqual(vn("2027-01-01T00:00:00"));
  });

  test("the last due period flips exactly at 08:00 Vietnam time (01:00 UTC)", () => {
    expect(lastDuePeriod("daily", vn("2026-11-21T07:59:59"))).toMatchObject({ start: "2026-11-19" });
    expect(lastDuePeriod("daily", vn("2026-11-21T08:00:00"))).toMatchObject({ start: "2026-11-20" });
    expect(lastDuePeriod("weekly", vn("2026-11-23T07:59:00"))).toMatchObject({ start: "2026-11-09", end: "2026-11-15" });
    expect(lastDuePeriod("weekly", vn("2026-11-23T08:00:00"))).toMatchObject({ start: "2026-11-16", end: "2026-11-22" });
    expect(lastDuePeriod("monthly", vn("2027-01-01T08:00:00"))).toMatchObject({ start: "2026-12-01", end: "2026-12-31" });
    expect(lastDuePeriod("annual", vn("2027-01-01T09:00:00"))).toMatchObject({ start: "2025-01-01", end: "2025-12-31" });
    expect(lastDuePeriod("annual", vn("2027-01-02T08:00:00"))).toMatchObject({ start: "2026-01-01", end: "2026-12-31" });
  });

  test("the last complete period and the next send time", () => {
    expect(lastCompletePeriod("weekly", vn("2026-11-25T10:00:00"))).toMatchObject({ start: "2026-11-16", end: "2026-11-22" });
    expect(lastCompletePeriod("monthly", vn("2026-12-01T00:30:00"))).toMatchObject({ start: "2026-11-01", end: "2026-11-30" });
    expect(previousPeriod(periodContaining("monthly", "2026-03-05"))).toMatchObject({ start: "2026-02-01", end: "2026-02-28" });
    expect(nextReportAt("daily", vn("2026-11-21T08:00:00"))).toEqual(vn("2026-11-22T08:00:00"));
    expect(nextReportAt("annual", vn("2026-11-21T08:00:00"))).toEqual(vn("2027-01-02T08:00:00"));
  });
});
