// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, expect, test, vi } from "vitest";
import { I18nIsland } from "../i18n/react.tsx";
import { brandOptions } from "./brand-options.ts";
import { Dropdown, type OptionValue } from "./Dropdown.tsx";

afterEach(cleanup);

const BRANDS = brandOptions({
  "0": "Khác",
  "12": "Vinamilk",
  "15": "Sữa Mộc Châu",
  "21": "Vietcombank",
  "33": "Đất Xanh",
  "34": "Bảo Việt",
  "40": "Viettel",
  "41": "Hòa Phát",
});

/** The component is controlled; the page owning it keeps the choice. */
function renderDropdown(props: { value?: OptionValue | null; searchable?: boolean; error?: string; columns?: number } = {}) {
  const onChange = vi.fn<(value: OptionValue) => void>();
  function Page() {
    const [value, setValue] = useState(props.value ?? null);
    const change = (next: OptionValue) => {
      onChange(next);
      setValue(next);
    };
    return (
      <div>
        <p>Bên ngoài</p>
        <Dropdown
          label="Thương hiệu"
          options={BRANDS.map((b) => ({ ...b, suffix: b.value === 12 ? "1.204 đề cập" : undefined }))}
          value={value}
          onChange={change}
          placeholder="Chọn thương hiệu"
          searchable={props.searchable}
          error={props.error}
          columns={props.columns}
        />
      </div>
    );
  }
  render(
    <I18nIsland lang="vi">
      <Page />
    </I18nIsland>,
  );
  return { user: userEvent.setup(), onChange, button: screen.getByRole("button", { name: /^Thương hiệu/ }) };
}

const optionLabels = () => screen.queryAllByRole("option").map((o) => o.textContent);
const searchBox = () => screen.getByRole("searchbox", { name: "Tìm kiếm" });
const activeOption = () => document.getElementById(searchBox().getAttribute("aria-activedescendant") ?? "")?.textContent;

test("the button shows the placeholder, then opens the list of options with their suffix", async () => {
  const { user, button } = renderDropdown();
  expect(button.textContent).toBe("Chọn thương hiệu");
  expect(button.getAttribute("aria-haspopup")).toBe("listbox");
  expect(button.getAttribute("aria-expanded")).toBe("false");
  expect(screen.queryByRole("listbox")).toBeNull();
  await user.click(button);
  expect(button.getAttribute("aria-expanded")).toBe("true");
  expect(screen.getByRole("listbox", { name: "Thương hiệu" })).toBeTruthy();
  expect(screen.getByRole("option", { name: /Vinamilk/ }).textContent).toBe("Vinamilk1.204 đề cập");
});

test("brands are listed alphabetically with Khác last", async () => {
  const { user, button } = renderDropdown();
  await user.click(button);
  expect(optionLabels()).toEqual([
    "Bảo Việt",
    "Đất Xanh",
    "Hòa Phát",
    "Sữa Mộc Châu",
    "Vietcombank",
    "Viettel",
    "Vinamilk1.204 đề cập",
    "Khác",
  ]);
});

test("the list is at most 250 px high", async () => {
  const { user, button } = renderDropdown();
  await user.click(button);
  expect(screen.getByRole("listbox").style.maxHeight).toBe("250px");
});

test("choosing an option reports it, shows it and closes", async () => {
  const { user, button, onChange } = renderDropdown();
  await user.click(button);
  await user.click(screen.getByRole("option", { name: "Đất Xanh" }));
  expect(onChange).toHaveBeenCalledExactlyOnceWith(33);
  expect(screen.queryByRole("listbox")).toBeNull();
  expect(button.textContent).toBe("Đất Xanh");
  await user.click(button);
  expect(screen.getByRole("option", { name: "Đất Xanh" }).getAttribute("aria-selected")).toBe("true");
  expect(screen.getByRole("option", { name: "Viettel" }).getAttribute("aria-selected")).toBe("false");
});

test("choosing the already-selected option does nothing but close", async () => {
  const { user, button, onChange } = renderDropdown({ value: 40 });
  await user.click(button);
  await user.click(screen.getByRole("option", { name: "Viettel" }));
  expect(onChange).not.toHaveBeenCalled();
  expect(screen.queryByRole("listbox")).toBeNull();
  expect(button.textContent).toBe("Viettel");
});

test("search finds options with or without diacritics", async () => {
  const { user, button } = renderDropdown();
  await user.click(button);
  await user.type(searchBox(), "sua");
  expect(optionLabels()).toEqual(["Sữa Mộc Châu"]);
  await user.clear(searchBox());
  await user.type(searchBox(), "vietcom");
  expect(optionLabels()).toEqual(["Vietcombank"]);
  await user.clear(searchBox());
  await user.type(searchBox(), "ĐẤT");
  expect(optionLabels()).toEqual(["Đất Xanh"]);
  await user.clear(searchBox());
  await user.type(searchBox(), "hoà");
  expect(optionLabels()).toEqual(["Hòa Phát"]);
});

test("a search without match says so", async () => {
  const { user, button } = renderDropdown();
  await user.click(button);
  await user.type(searchBox(), "Samsung");
  expect(optionLabels()).toEqual([]);
  expect(screen.getByText("Không có kết quả phù hợp")).toBeTruthy();
});

test("a click outside closes the list and clears the search", async () => {
  const { user, button, onChange } = renderDropdown();
  await user.click(button);
  await user.type(searchBox(), "viet");
  await user.click(screen.getByText("Bên ngoài"));
  expect(screen.queryByRole("listbox")).toBeNull();
  expect(button.getAttribute("aria-expanded")).toBe("false");
  await user.click(button);
  expect(searchBox()).toHaveProperty("value", "");
  expect(optionLabels()).toHaveLength(BRANDS.length);
  expect(onChange).not.toHaveBeenCalled();
});

test("Escape closes the list, clears the search and gives focus back to the button", async () => {
  const { user, button } = renderDropdown();
  await user.click(button);
  await user.type(searchBox(), "vina");
  await user.keyboard("{Escape}");
  expect(screen.queryByRole("listbox")).toBeNull();
  expect(document.activeElement).toBe(button);
  await user.click(button);
  expect(searchBox()).toHaveProperty("value", "");
});

test("arrow keys move the active option and Enter chooses it", async () => {
  const { user, button, onChange } = renderDropdown({ value: 33 });
  button.focus();
  await user.keyboard("{ArrowDown}");
  expect(document.activeElement).toBe(searchBox());
  expect(activeOption()).toBe("Đất Xanh");
  await user.keyboard("{ArrowDown}{ArrowDown}{ArrowUp}{ArrowDown}");
  expect(activeOption()).toBe("Sữa Mộc Châu");
  await user.keyboard("{Enter}");
  expect(onChange).toHaveBeenCalledExactlyOnceWith(15);
  expect(screen.queryByRole("listbox")).toBeNull();
  expect(document.activeElement).toBe(button);
});

test("the arrows stop at the ends of the filtered list", async () => {
  const { user, button, onChange } = renderDropdown();
  await user.click(button);
  await user.type(searchBox(), "viet");
  expect(optionLabels()).toEqual(["Bảo Việt", "Vietcombank", "Viettel"]);
  await user.keyboard("{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}");
  expect(activeOption()).toBe("Viettel");
  await user.keyboard("{ArrowUp}{ArrowUp}{ArrowUp}{ArrowUp}");
  expect(activeOption()).toBe("Bảo Việt");
  await user.keyboard("{Enter}");
  expect(onChange).toHaveBeenCalledExactlyOnceWith(34);
});

test("without search the list itself takes the keyboard", async () => {
  const { user, button, onChange } = renderDropdown({ searchable: false });
  await user.click(button);
  expect(screen.queryByRole("searchbox")).toBeNull();
  expect(document.activeElement).toBe(screen.getByRole("listbox"));
  await user.keyboard("{ArrowDown}{Enter}");
  expect(onChange).toHaveBeenCalledExactlyOnceWith(33);
});

test("in columns, the options run down each column and the arrows also move across", async () => {
  const { user, button, onChange } = renderDropdown({ value: 33, searchable: false, columns: 2 });
  await user.click(button);
  const list = screen.getByRole("listbox");
  expect(list.style.gridTemplateRows).toBe("repeat(4, auto)");
  const active = () => document.getElementById(list.getAttribute("aria-activedescendant") ?? "")?.textContent;
  expect(active()).toBe("Đất Xanh");
  await user.keyboard("{ArrowRight}");
  expect(active()).toBe("Viettel");
  // Nothing to the right of the last column.
  await user.keyboard("{ArrowRight}{ArrowDown}{ArrowDown}");
  expect(active()).toBe("Khác");
  await user.keyboard("{ArrowLeft}{Enter}");
  expect(onChange).toHaveBeenCalledExactlyOnceWith(15);
});

test("the error is shown under the field and describes the button", () => {
  const { button } = renderDropdown({ error: "Thương hiệu là bắt buộc" });
  const error = screen.getByText("Thương hiệu là bắt buộc");
  expect(button.getAttribute("aria-invalid")).toBe("true");
  expect(button.getAttribute("aria-describedby")).toBe(error.id);
});
