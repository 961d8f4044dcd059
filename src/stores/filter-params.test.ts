import { expect, test } from "vitest";
import { activeFilterCount, apiParams, DEFAULT_FILTERS, exportParams, filtersToSearch, parseFilters } from "./filter-params.ts";

test("the default view has an empty query, and every filter round-trips through the URL with the spec's keys", () => {
  expect(filtersToSearch(DEFAULT_FILTERS)).toBe("");
  expect(parseFilters("")).toEqual(DEFAULT_FILTERS);
  const filters = {
    ...DEFAULT_FILTERS,
    channel_ids: [1, 7],
    sentiment_ids: [2],
    type_time: "custom" as const,
    start_date: "2026-03-01",
    end_date: "2026-03-31",
    mention_type: 1,
    mention_status: 3,
    type_ecommerce: 1,
    sub_brand: 4,
    service_id: 9,
    search: "sữa tươi",
    page: 3,
    summary_sort: "interact" as const,
  };
  const search = filtersToSearch(filters);
  expect(search).toBe(
    "?channel_ids=1%2C7&sentiment_ids=2&start_date=2026-03-01&end_date=2026-03-31&type_time=custom&search=s%E1%BB%AFa+t%C6%B0%C6%A1i&page=3&summary_sort=interact&mention_type=1&mention_status=3&sub_brand=4&service_id=9&type_ecommerce=1",
  );
  expect(parseFilters(search)).toEqual(filters);
});

test("links written by hand or by older versions still open a sensible view", () => {
  expect(parseFilters("?channel_id=5&status=2")).toMatchObject({ channel_ids: [5], mention_status: 2 });
  expect(parseFilters("?start_date=2026-01-10&end_date=2026-01-01")).toMatchObject({ type_time: "custom", start_date: "2026-01-01", end_date: "2026-01-10" });
  expect(parseFilters("?type_time=custom")).toMatchObject({ type_time: "month", start_date: null, end_date: null });
  expect(parseFilters("?type_time=today&start_date=2026-01-01&end_date=2026-01-02")).toMatchObject({ type_time: "today", start_date: null });
  expect(parseFilters("?type_time=decade&page=-2&summary_sort=random&mention_type=9&type_ecommerce=0&sentiment_ids=1,x,7,1")).toEqual({
    ...DEFAULT_FILTERS,
    sentiment_ids: [1],
  });
});

test("API parameters: the route slug's channels bound the choice, the period is always explicit", () => {
  const filters = { ...DEFAULT_FILTERS, channel_ids: [1, 2], page: 2 };
  expect(apiParams(DEFAULT_FILTERS, null)).toEqual({ type_time: "month" });
  expect(apiParams(filters, null)).toEqual({ channel_ids: "1,2", page: "2", type_time: "month" });
  expect(apiParams(filters, [2, 3])).toEqual({ channel_ids: "2", page: "2", type_time: "month" });
  expect(apiParams({ ...filters, channel_ids: [1] }, [2, 3])).toEqual({ channel_ids: "2,3", page: "2", type_time: "month" });
  expect(apiParams({ ...DEFAULT_FILTERS, type_time: "custom", start_date: "2026-02-01", end_date: "2026-02-02" }, null)).toEqual({
    start_date: "2026-02-01",
    end_date: "2026-02-02",
    type_time: "custom",
  });
});

test("export parameters keep the list's filters but take the export's own period", () => {
  const filters = { ...DEFAULT_FILTERS, sentiment_ids: [2], type_time: "today" as const, page: 4 };
  expect(exportParams(filters, null, "last-week", null)).toEqual({ sentiment_ids: "2", range: "last-week" });
  expect(exportParams(filters, [9], "custom", { start_date: "2026-01-01", end_date: "2026-01-31" })).toEqual({
    channel_ids: "9",
    sentiment_ids: "2",
    range: "custom",
    start_date: "2026-01-01",
    end_date: "2026-01-31",
  });
});

test("the filter badge counts what narrows the view, not the search, order or page", () => {
  expect(activeFilterCount(DEFAULT_FILTERS)).toBe(0);
  expect(activeFilterCount({ ...DEFAULT_FILTERS, search: "sữa", page: 3, summary_sort: "view" })).toBe(0);
  expect(activeFilterCount(parseFilters("?channel_ids=1,2&type_time=today&mention_status=0&type_ecommerce=2"))).toBe(4);
});
