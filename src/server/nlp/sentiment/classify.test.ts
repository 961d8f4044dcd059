import * as fs from "node:fs";
import { describe, expect, it, vi } from "vitest";
import { classify, classifyMany, explain, sentimentModel } from "./classify.ts";

vi.mock("node:fs", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:fs")>();
  return { ...actual, readFileSync: vi.fn(actual.readFileSync) };
});

const NEUTRAL = 0;
const POSITIVE = 1;
const NEGATIVE = 2;

const modelReads = () => vi.mocked(fs.readFileSync).mock.calls.filter(([path]) => String(path).endsWith("sentiment.bin")).length;

describe("classify (committed sentiment model)", () => {
  // Runs first: the model must not be read at import time, then exactly once.
  it("reads the model file lazily, once", () => {
    expect(modelReads()).toBe(0);
    classifyMany(["một", "hai", "ba"]);
    classify("bốn");
    expect(sentimentModel()).toBe(sentimentModel());
    expect(modelReads()).toBe(1);
  });

  it.each([
    "Sữa Vinamilk uống rất ngon, con mình thích lắm",
    "Nhân viên tư vấn nhiệt tình, máy chạy mượt, pin trâu. Rất hài lòng!",
    "thầy dạy rất dễ hiểu và nhiệt tình",
  ])("positive: %s", (text) => {
    expect(classify(text).label).toBe(POSITIVE);
  });

  it.each([
    "Giao hàng chậm, đóng gói cẩu thả, thất vọng",
    "Máy mới mua được 2 tuần đã lỗi màn hình, bảo hành thì hẹn mãi không xong",
    "phòng bẩn, nhân viên thái độ lồi lõm, không bao giờ quay lại",
  ])("negative: %s", (text) => {
    expect(classify(text).label).toBe(NEGATIVE);
  });

  it("neutral: a question about a product", () => {
    expect(classify("Cho mình hỏi máy này có hỗ trợ 2 sim không ?").label).toBe(NEUTRAL);
  });

  // Coverage of a company is read toward the brand, the way a PR team scores it (brand-news rubric).
  it.each([
    ["Vinamilk thu hồi lô sữa bột vì nghi nhiễm khuẩn", NEGATIVE],
    ["Hàng loạt phụ huynh phản ánh sữa có mùi lạ, yêu cầu thu hồi", NEGATIVE],
    ["Cục Quản lý cạnh tranh xử phạt Masan 200 triệu đồng", NEGATIVE],
    ["Toyota triệu hồi 50.000 xe vì lỗi túi khí", NEGATIVE],
    ["Vietcombank lãi kỷ lục hơn 30.000 tỷ đồng", POSITIVE],
    ["Vietjet khai trương đường bay mới Hà Nội - Singapore", POSITIVE],
    ["Techcombank bổ nhiệm tân tổng giám đốc", NEUTRAL],
    ["Xe Toyota bị trộm giữa phố", NEUTRAL], // the brand is only where it happened
  ])("news: %s", (text, label) => {
    expect(classify(text).label).toBe(label);
  });

  it("explains a label by the words that pushed it", () => {
    const { label, scores, top } = explain("Toyota triệu hồi 50.000 xe vì lỗi túi khí");
    expect({ label, scores }).toEqual(classify("Toyota triệu hồi 50.000 xe vì lỗi túi khí"));
    expect(top.length).toBeGreaterThan(0);
    expect(top.map((t) => t.text).join(" ")).toMatch(/lỗi|triệu hồi/);
    for (const t of top) expect(t.weight).toBeGreaterThan(0);
    expect(top.map((t) => t.weight)).toEqual([...top.map((t) => t.weight)].sort((a, b) => b - a));
  });

  it("reads negation: 'không tệ' is not mainly negative, 'không ngon' is", () => {
    const notBad = classify("Đồ ăn ở đây không tệ").scores;
    expect(notBad[NEGATIVE]).toBeLessThan(Math.max(notBad[NEUTRAL], notBad[POSITIVE]));
    expect(classify("Đồ ăn ở đây không ngon").label).toBe(NEGATIVE);
    expect(classify("Đồ ăn ở đây ngon").label).toBe(POSITIVE);
  });

  it("handles text typed without diacritics and in teencode", () => {
    expect(classify("sp rat tot, giao hang nhanh").label).toBe(POSITIVE);
    expect(classify("hang ko giong hinh, chat luong kem").label).toBe(NEGATIVE);
  });

  it("returns probabilities that sum to 1, the label having the highest", () => {
    for (const text of ["", "ok", "Sản phẩm tốt 😍😍", "tệ!!!", "a".repeat(5000)]) {
      const { label, scores } = classify(text);
      expect(scores).toHaveLength(3);
      for (const s of scores) expect(s).toBeGreaterThanOrEqual(0);
      expect(scores[0] + scores[1] + scores[2]).toBeCloseTo(1, 10);
      expect(scores[label]).toBe(Math.max(...scores));
    }
  });

  it("classifyMany matches classify", () => {
    const texts = ["rất tốt", "quá tệ", "bình thường"];
    expect(classifyMany(texts)).toEqual(texts.map((t) => classify(t)));
  });
});
