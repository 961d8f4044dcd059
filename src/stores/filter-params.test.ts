import { type } from "arktype";
import { expect, test } from "vitest";
import { MAX_PAGE, MAX_SEARCH_LENGTH } from "../shared/limits.ts";
import { DashboardQuery } from "../shared/schemas/dashboard.ts";
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
    group: "story" as const,
  };
  const search = filtersToSearch(filters);
  expect(search).toBe(
    "?channel_ids=1%2C7&sentiment_ids=2&start_date=2026-03-01&end_date=2026-03-31&type_time=custom&search=s%E1%BB%AFa+t%C6%B0%C6%A1i&page=3&summary_sort=interact&mention_type=1&mention_status=3&sub_brand=4&service_id=9&type_ecommerce=1&group=story",
  );
  expect(parseFilters(search)).toEqual(filters);
});

test("links written by hand or by older versions still open a sensible view", () => {
  expect(parseFilters("?channel_id=5&status=2")).toMatchObject({ channel_ids: [5], mention_status: 2 });
  expect(parseFilters("?start_date=2026-01-10&end_date=2026-01-01")).toMatchObject({
    type_time: "custom",
    start_date: "2026-01-01",
    end_date: "2026-01-10",
  });
  expect(parseFilters("?type_time=custom")).toMatchObject({ type_time: "month", start_date: null, end_date: null });
  expect(parseFilters("?type_time=today&start_date=2026-01-01&end_date=2026-01-02")).toMatchObject({
    type_time: "today",
    start_date: null,
  });
  expect(parseFilters("?type_time=decade&page=-2&summary_sort=random&mention_type=9&type_ecommerce=0&sentiment_ids=1,x,7,1")).toEqual({
    ...DEFAULT_FILTERS,
    sentiment_ids: [1],
  });
});

test("type_ecommerce=0 means every source, as the API reads it: no filter, nothing counted on the badge", () => {
  expect(parseFilters("?type_ecommerce=0")).toEqual(DEFAULT_FILTERS);
  expect(activeFilterCount(parseFilters("?type_ecommerce=0"))).toBe(0);
  expect(parseFilters("?type_ecommerce=2")).toMatchObject({ type_ecommerce: 2 });
  expect(parseFilters("?type_ecommerce=3")).toMatchObject({ type_ecommerce: null });
});

test("a link is read with the API's own rules: what the API would refuse is dropped, the rest of the link still applies", () => {
  expect(parseFilters("?channel_ids=2,99,0,7&search=s%E1%BB%AFa&page=2")).toMatchObject({ channel_ids: [2, 7], search: "sữa", page: 2 });
  expect(parseFilters(`?page=${MAX_PAGE + 1}&search=${"a".repeat(MAX_SEARCH_LENGTH + 1)}&mention_type=1`)).toEqual({
    ...DEFAULT_FILTERS,
    mention_type: 1,
  });
  // Not a calendar day, and a custom period longer than two years: the default period instead.
  expect(parseFilters("?type_time=custom&start_date=2026-02-01&end_date=2026-02-30")).toMatchObject({
    type_time: "month",
    start_date: null,
  });
  expect(parseFilters("?start_date=2020-01-01&end_date=2026-01-01&sentiment_ids=2")).toMatchObject({
    type_time: "month",
    start_date: null,
    sentiment_ids: [2],
  });
  expect(parseFilters("?start_date=2024-01-01&end_date=2025-12-31")).toMatchObject({
    type_time: "custom",
    start_date: "2024-01-01",
    end_date: "2025-12-31",
  });
});

test("whatever the link, the dashboard asks the API a query it accepts", () => {
  const links = [
    "?type_time=decade&page=-2&summary_sort=random&mention_type=9&type_ecommerce=0&sentiment_ids=1,x,7,1",
    "?channel_id=5&status=2&start_date=2026-01-10&end_date=2026-01-01",
    "?channel_ids=1,1,1,99&sub_brand=0&service_id=9007199254740993&page=10001",
    "?start_date=1999-12-31&end_date=2000-01-02&search=%20%20",
    "?type_time=custom&start_date=2026-02-29&end_date=2026-03-01",
  ];
  for (const link of links) {
    expect(DashboardQuery(apiParams(parseFilters(link), null)), link).not.toBeInstanceOf(type.errors);
  }
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

test("the export asks for the list's own query: the same filters and period, without the page", () => {
  const filters = { ...DEFAULT_FILTERS, sentiment_ids: [2], type_time: "today" as const, page: 4 };
  const { page: _page, ...list } = apiParams(filters, [9]);
  expect(exportParams(filters, [9], filters)).toEqual(list);
  expect(exportParams(filters, null, { type_time: "last-week", start_date: null, end_date: null })).toEqual({
    sentiment_ids: "2",
    type_time: "last-week",
  });
  expect(exportParams(filters, [9], { type_time: "custom", start_date: "2026-01-01", end_date: "2026-01-31" })).toEqual({
    channel_ids: "9",
    sentiment_ids: "2",
    start_date: "2026-01-01",
    end_date: "2026-01-31",
    type_time: "custom",
  });
});

test("the filter badge counts what narrows the view, not the search, order or page", () => {
  expect(activeFilterCount(DEFAULT_FILTERS)).toBe(0);
  expect(activeFilterCount({ ...DEFAULT_FILTERS, search: "sữa", page: 3, summary_sort: "view" })).toBe(0);
  expect(activeFilterCount(parseFilters("?channel_ids=1,2&type_time=today&mention_status=0&type_ecommerce=2"))).toBe(4);
});
