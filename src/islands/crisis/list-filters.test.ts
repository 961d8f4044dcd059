import { expect, test } from "vitest";
import { listFiltersToSearch, listQuery, parseListFilters } from "./list-filters.ts";

// 10:30 in Hà Nội on 22 November 2026.
const NOW = new Date("2026-11-22T03:30:00Z");

test("the address keeps the list's status, period and page, and a bad value falls back to all", () => {
  const filters = parseListFilters("?status=0&period=custom&start_date=2026-11-01&end_date=2026-11-15&page=2", NOW);
  expect(filters).toEqual({ status: "0", period: "custom", start_date: "2026-11-01", end_date: "2026-11-15", page: 2 });
  expect(listFiltersToSearch(filters)).toBe("?status=0&period=custom&start_date=2026-11-01&end_date=2026-11-15&page=2");
  expect(parseListFilters("?status=7&period=forever&page=-3", NOW)).toMatchObject({ status: "all", period: "all", page: 1 });
  expect(listFiltersToSearch(parseListFilters("", NOW))).toBe("");
});

test("a preset period asks for the Vietnam dates it covers, end day included; all time asks for none", () => {
  const week = listQuery(parseListFilters("?period=week&status=1", NOW), 5, 20, NOW);
  expect(week).toEqual({ project_id: 5, page: 1, limit: 20, status: "1", start_date: "2026-11-16", end_date: "2026-11-22" });
  expect(listQuery(parseListFilters("", NOW), 5, 20, NOW)).toEqual({ project_id: 5, page: 1, limit: 20 });
});
