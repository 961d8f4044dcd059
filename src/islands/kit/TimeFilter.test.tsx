// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, expect, test } from "vitest";
import { I18nIsland } from "../../i18n/react.tsx";
import { formatDate } from "../../shared/format.ts";
import { presetRange } from "../../shared/time-range.ts";
import { startFilterSync } from "../../stores/filters.ts";
import { TimeFilter } from "./TimeFilter.tsx";

let stop: () => void = () => undefined;

beforeEach(() => {
  history.replaceState(null, "", "/mention?sentiment_ids=2&page=4");
  stop = startFilterSync("mention");
});
afterEach(() => {
  stop();
  cleanup();
});

const renderFilter = () =>
  render(
    <I18nIsland lang="vi">
      <TimeFilter />
    </I18nIsland>,
  );

test("choosing a period writes it to the URL, resets the page, and Back shows the earlier period", async () => {
  const user = userEvent.setup();
  renderFilter();
  expect(screen.getByRole("button", { name: /Thời gian/ }).textContent).toBe("30 ngày qua");

  await user.click(screen.getByRole("button", { name: /Thời gian/ }));
  await user.click(screen.getByRole("option", { name: "Hôm qua" }));
  expect(location.search).toBe("?sentiment_ids=2&type_time=yesterday");

  const popped = new Promise((resolve) => window.addEventListener("popstate", resolve, { once: true }));
  history.back();
  await act(() => popped);
  expect(screen.getByRole("button", { name: /Thời gian/ }).textContent).toBe("30 ngày qua");
});

test("a custom period starts from the period on screen and edits its dates", async () => {
  const user = userEvent.setup();
  renderFilter();
  await user.click(screen.getByRole("button", { name: /Thời gian/ }));
  await user.click(screen.getByRole("option", { name: "Tùy chọn ngày" }));

  const month = presetRange("month", new Date());
  const start = screen.getByLabelText<HTMLInputElement>("Từ ngày");
  const end = screen.getByLabelText<HTMLInputElement>("Đến ngày");
  expect([start.value, end.value]).toEqual([formatDate(month.start), formatDate(month.end.getTime() - 1)]);
  expect(new URLSearchParams(location.search).get("type_time")).toBe("custom");

  fireEvent.change(start, { target: { value: "2026-01-05" } });
  expect(new URLSearchParams(location.search).get("start_date")).toBe("2026-01-05");
  expect(screen.getByLabelText<HTMLInputElement>("Từ ngày").value).toBe("2026-01-05");
});

test("in a crisis's mentions the period is the crisis's own and offers no other", () => {
  stop();
  history.replaceState(null, "", "/mention?incident_id=5&type_time=week");
  stop = startFilterSync("mention");
  renderFilter();
  const button = screen.getByRole("button", { name: /Thời gian/ });
  expect(button.textContent).toBe("Theo sự cố");
  expect((button as HTMLButtonElement).disabled).toBe(true);
});
