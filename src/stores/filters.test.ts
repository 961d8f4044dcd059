// @vitest-environment happy-dom
import { afterEach, beforeEach, expect, test } from "vitest";
import { DEFAULT_FILTERS } from "./filter-params.ts";
import { $filters, $routeChannels, resetFilters, setFilters, startFilterSync } from "./filters.ts";

let stop: () => void = () => undefined;

beforeEach(() => history.replaceState(null, "", "/overview"));
afterEach(() => stop());

/** happy-dom fires popstate asynchronously, like browsers do. */
async function back(): Promise<void> {
  const moved = new Promise((resolve) => window.addEventListener("popstate", resolve, { once: true }));
  history.back();
  await moved;
}

test("the store starts from the URL and the route slug sets the channel scope", () => {
  history.replaceState(null, "", "/en/mention/social?type_time=today&sentiment_ids=2&page=3");
  stop = startFilterSync("mention");
  expect($filters.get()).toEqual({ ...DEFAULT_FILTERS, type_time: "today", sentiment_ids: [2], page: 3 });
  expect($routeChannels.get()).toEqual([1, 5, 6, 7, 9, 15]);

  stop();
  history.replaceState(null, "", "/overview");
  stop = startFilterSync("overview");
  expect($routeChannels.get()).toBeNull();
});

test("a change pushes one history step, resets the page, and Back/Forward restore the view", async () => {
  stop = startFilterSync("mention");
  const before = history.length;

  setFilters({ page: 2 });
  expect(location.search).toBe("?page=2");
  setFilters({ sentiment_ids: [1, 2] });
  expect($filters.get()).toMatchObject({ sentiment_ids: [1, 2], page: 1 });
  expect(location.search).toBe("?sentiment_ids=1%2C2");
  expect(history.length).toBe(before + 2);

  setFilters({ sentiment_ids: [1, 2] });
  expect(history.length).toBe(before + 2);

  await back();
  expect($filters.get()).toEqual({ ...DEFAULT_FILTERS, page: 2 });
  const forward = new Promise((resolve) => window.addEventListener("popstate", resolve, { once: true }));
  history.forward();
  await forward;
  expect($filters.get().sentiment_ids).toEqual([1, 2]);
});

test("choosing a preset drops custom dates; reset keeps the path", () => {
  history.replaceState(null, "", "/overview/facebook?type_time=custom&start_date=2026-01-01&end_date=2026-01-31");
  stop = startFilterSync("overview");
  expect($filters.get()).toMatchObject({ type_time: "custom", start_date: "2026-01-01" });

  setFilters({ type_time: "yesterday" });
  expect(location.search).toBe("?type_time=yesterday");
  expect($filters.get()).toMatchObject({ start_date: null, end_date: null });

  resetFilters();
  expect(location.pathname + location.search).toBe("/overview/facebook");
  expect($routeChannels.get()).toEqual([1]);
});

test("a widget's drill-down (story, source, chart point) is read from the link; a chart point goes with its period", () => {
  history.replaceState(null, "", "/mention?type_time=week&story_id=42&source=VnExpress&bucket=2026-11-20T17%3A00%3A00.000Z");
  stop = startFilterSync("mention");
  expect($filters.get()).toMatchObject({ type_time: "week", story_id: 42, source: "VnExpress", bucket: "2026-11-20T17:00:00.000Z" });

  setFilters({ sentiment_ids: [2] });
  expect($filters.get().bucket).toBe("2026-11-20T17:00:00.000Z");
  setFilters({ type_time: "month" });
  expect($filters.get()).toMatchObject({ story_id: 42, source: "VnExpress", bucket: null });
  setFilters({ story_id: null });
  expect(new URLSearchParams(location.search).has("story_id")).toBe(false);
});
