// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, expect, test, vi } from "vitest";
import { I18nIsland } from "../i18n/react.tsx";
import { KeywordInput } from "./KeywordInput.tsx";

afterEach(cleanup);

/** The component is controlled; the page owning it keeps the list. */
function renderKeywords(initial: string[] = [], props: { error?: string; max?: number } = {}) {
  const onChange = vi.fn<(next: string[]) => void>();
  const onSubmit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
  function Page() {
    const [keywords, setKeywords] = useState(initial);
    const change = (next: string[]) => {
      onChange(next);
      setKeywords(next);
    };
    return (
      <form onSubmit={onSubmit}>
        <KeywordInput label="Từ khóa" value={keywords} onChange={change} name="keywords" {...props} />
        <button type="submit">Lưu</button>
      </form>
    );
  }
  render(
    <I18nIsland lang="vi">
      <Page />
    </I18nIsland>,
  );
  const input = screen.getByLabelText("Từ khóa");
  return {
    user: userEvent.setup(),
    input: input as HTMLInputElement,
    onChange,
    onSubmit,
    keywords: () => onChange.mock.lastCall?.[0] ?? initial,
  };
}

const removeButton = (keyword: string) => screen.getByRole("button", { name: `Xóa từ khóa ${keyword}` });
const TEN = ["Vinamilk", "Viettel", "Vietcombank", "Hòa Phát", "Đất Xanh", "Bảo Việt", "Masan", "Sabeco", "FPT", "Thế Giới Di Động"];

test("a comma adds what was typed before it", async () => {
  const { user, input, keywords } = renderKeywords();
  await user.type(input, "Vinamilk,Sữa tươi TH true MILK,");
  expect(keywords()).toEqual(["Vinamilk", "Sữa tươi TH true MILK"]);
  expect(input.value).toBe("");
  expect(removeButton("Sữa tươi TH true MILK")).toBeTruthy();
});

test("Enter adds the keyword and does not submit the form", async () => {
  const { user, input, keywords, onSubmit } = renderKeywords();
  await user.type(input, "Viettel{Enter}");
  expect(keywords()).toEqual(["Viettel"]);
  expect(onSubmit).not.toHaveBeenCalled();
});

test("leaving the field adds the keyword", async () => {
  const { user, input, keywords } = renderKeywords();
  await user.type(input, "Vietcombank");
  await user.tab();
  expect(keywords()).toEqual(["Vietcombank"]);
});

test("pasting a comma-separated list adds each keyword, trimmed and single-spaced", async () => {
  const { user, input, keywords } = renderKeywords();
  await user.click(input);
  await user.paste("Vinamilk,  Đất   Xanh , Bảo Việt");
  expect(keywords()).toEqual(["Vinamilk", "Đất Xanh", "Bảo Việt"]);
  expect(input.value).toBe("");
});

test("duplicates are ignored whatever their case or tone-mark placement, and the first spelling is kept", async () => {
  const { user, input, keywords, onChange } = renderKeywords(["Hoà Phát"]);
  await user.type(input, "hòa phát,HOÀ PHÁT{Enter}");
  await user.click(input);
  await user.paste("Vinamilk, vinamilk, VINAMILK");
  expect(keywords()).toEqual(["Hoà Phát", "Vinamilk"]);
  expect(onChange).toHaveBeenCalledTimes(1);
  expect(input.value).toBe("");
});

test("different diacritics are different keywords", async () => {
  const { user, input, keywords } = renderKeywords();
  await user.type(input, "mắm,mâm,mầm,");
  expect(keywords()).toEqual(["mắm", "mâm", "mầm"]);
});

test("empty entries are ignored and change nothing", async () => {
  const { user, input, keywords, onChange } = renderKeywords(["Viettel"]);
  await user.type(input, ",   ,{Enter}");
  await user.click(input);
  await user.paste(" , ,");
  await user.tab();
  expect(onChange).not.toHaveBeenCalled();
  expect(keywords()).toEqual(["Viettel"]);
});

test("at 10 keywords the input is disabled and shows the count", async () => {
  const { user, input, keywords } = renderKeywords(TEN.slice(0, 9));
  expect(input.disabled).toBe(false);
  expect(screen.getByText("9/10")).toBeTruthy();
  await user.type(input, "Vingroup{Enter}");
  expect(keywords()).toHaveLength(10);
  expect(input.disabled).toBe(true);
  expect(screen.getByText("10/10")).toBeTruthy();
  expect(input.placeholder).toBe("Đã đủ 10 từ khóa");
});

test("a paste never goes beyond the maximum", async () => {
  const { user, input, keywords } = renderKeywords(TEN.slice(0, 8));
  await user.click(input);
  await user.paste("Vingroup, Vinfast, Vietjet, Bamboo Airways");
  expect(keywords()).toEqual([...TEN.slice(0, 8), "Vingroup", "Vinfast"]);
  expect(input.disabled).toBe(true);
});

test("a smaller maximum is honoured", async () => {
  const { user, input, keywords } = renderKeywords([], { max: 2 });
  await user.type(input, "Vinamilk,Viettel,Masan,");
  expect(keywords()).toEqual(["Vinamilk", "Viettel"]);
  expect(input.disabled).toBe(true);
});

test("the close icon removes its keyword, which re-enables a full input", async () => {
  const { user, input, keywords } = renderKeywords(TEN);
  expect(input.disabled).toBe(true);
  await user.click(removeButton("Hòa Phát"));
  expect(keywords()).toEqual(TEN.filter((k) => k !== "Hòa Phát"));
  expect(screen.queryByRole("button", { name: "Xóa từ khóa Hòa Phát" })).toBeNull();
  expect(input.disabled).toBe(false);
});

test("Backspace in an empty input removes the last keyword, not while typing", async () => {
  const { user, input, keywords, onChange } = renderKeywords(["Vinamilk", "Viettel"]);
  await user.type(input, "Ma{Backspace}{Backspace}");
  expect(onChange).not.toHaveBeenCalled();
  await user.keyboard("{Backspace}");
  expect(keywords()).toEqual(["Vinamilk"]);
});

test("the error is shown under the field and describes the input", () => {
  const { input } = renderKeywords([], { error: "Ít nhất 1 từ khóa" });
  const error = screen.getByText("Ít nhất 1 từ khóa");
  expect(input.getAttribute("aria-invalid")).toBe("true");
  expect(input.getAttribute("aria-describedby")?.split(" ")).toContain(error.id);
});

test("the keywords are submitted with the form under its name", async () => {
  const { user, input } = renderKeywords(["Vinamilk"]);
  await user.type(input, "Bảo Việt{Enter}");
  expect(new FormData(input.form!).getAll("keywords")).toEqual(["Vinamilk", "Bảo Việt"]);
});
