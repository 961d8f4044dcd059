// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, test, vi } from "vitest";
import { I18nIsland } from "../i18n/react.tsx";
import type { SentimentReasons } from "../shared/api-types.ts";
import { SentimentChip } from "./SentimentChip.tsx";

afterEach(cleanup);

const RECALL: SentimentReasons = {
  label: 2,
  scores: [0.01, 0.03, 0.96],
  source: "model",
  top: [
    { text: "bị thu hồi vì", weight: 2.2 },
    { text: "mùi lạ", weight: 1.1 },
  ],
  read_as: "news",
  rating: null,
  words_alone: null,
};

function renderChip(load: () => Promise<SentimentReasons>, lang: "vi" | "en" = "vi") {
  render(
    <I18nIsland lang={lang}>
      <p>Bên ngoài</p>
      <SentimentChip sentiment={2} explain={load} />
    </I18nIsland>,
  );
  return { user: userEvent.setup(), button: screen.getByRole("button") };
}

test("without a loader the chip is plain text, not a button", () => {
  render(
    <I18nIsland lang="vi">
      <SentimentChip sentiment={1} />
    </I18nIsland>,
  );
  expect(screen.queryByRole("button")).toBeNull();
  expect(screen.getByText("Tích cực")).toBeTruthy();
});

test("focus shows the loading state, then why the model read it so; loaded once; Escape closes", async () => {
  let answer!: (reasons: SentimentReasons) => void;
  const load = vi.fn(() => new Promise<SentimentReasons>((resolve) => (answer = resolve)));
  const { user, button } = renderChip(load);
  await user.tab();
  expect(document.activeElement).toBe(button);
  expect((await screen.findByRole("tooltip")).textContent).toBe("Đang tải lý do…");
  answer(RECALL);
  const tip = await screen.findByText("Đọc là tiêu cực (96.00%) vì:");
  expect(tip.closest("[role=tooltip]")!.id).toBe(button.getAttribute("aria-describedby"));
  expect(screen.getAllByRole("tooltip")[0].querySelectorAll("q")).toHaveLength(2);
  await user.keyboard("{Escape}");
  expect(screen.queryByRole("tooltip")).toBeNull();
  await user.click(button);
  expect(screen.getByRole("tooltip").textContent).toContain("mùi lạ");
  expect(load).toHaveBeenCalledTimes(1);
});

test("a click keeps it open, a click elsewhere closes it", async () => {
  const { user, button } = renderChip(async () => RECALL, "en");
  await user.click(button);
  expect(await screen.findByText("Read as negative (96.00%) because of:")).toBeTruthy();
  await user.click(screen.getByText("Bên ngoài"));
  expect(screen.queryByRole("tooltip")).toBeNull();
});

test("a failure says so, and the next opening asks again", async () => {
  const load = vi
    .fn()
    .mockRejectedValueOnce(new Error("offline"))
    .mockResolvedValueOnce({ ...RECALL, source: "manual", top: [] });
  const { user, button } = renderChip(load);
  await user.click(button);
  expect(await screen.findByText("Không tải được lý do. Hãy thử lại.")).toBeTruthy();
  await user.click(button);
  await user.click(button);
  expect(await screen.findByText("Đặt thủ công")).toBeTruthy();
  expect(screen.getByText("Mô hình đọc là tiêu cực (96.00%); không có từ nào nổi bật.")).toBeTruthy();
  expect(load).toHaveBeenCalledTimes(2);
});

test("a review's stars are named beside what its words alone read, and whose voice it was read as", async () => {
  const review: SentimentReasons = {
    ...RECALL,
    scores: [0.1, 0.05, 0.85],
    read_as: "consumer",
    rating: 1,
    words_alone: { label: 0, scores: [0.55, 0.15, 0.3] },
  };
  const vi = renderChip(async () => review);
  await vi.user.click(vi.button);
  expect(await screen.findByText("Đã tính cả 1 sao người viết chấm; riêng lời văn đọc là trung lập (55.00%).")).toBeTruthy();
  expect(screen.getByText("Đọc như lời của khách hàng (bình luận, bài đăng, đánh giá).")).toBeTruthy();
  cleanup();
  const en = renderChip(async () => ({ ...review, rating: 2 }), "en");
  await en.user.click(en.button);
  expect(await screen.findByText("The writer's 2 stars are counted too; the words alone read neutral (55.00%).")).toBeTruthy();
  expect(screen.getByText("Read as a customer's own words (a comment, post or review).")).toBeTruthy();
});
