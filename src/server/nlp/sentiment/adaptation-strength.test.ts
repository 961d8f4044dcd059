import { describe, expect, it } from "vitest";
import { adapt } from "./adaptation.ts";
import { fitWithChosenStrength } from "./adaptation-strength.ts";
import { sentimentModel } from "./classify.ts";
import type { SentimentLabel } from "./sentiment-model.ts";

const NEGATIVE: SentimentLabel = 2;
const read = (text: string) => sentimentModel().classifyWithNewsShare(text);
const CLOSINGS = [
  "Bách Hóa Xanh đóng cửa 200 cửa hàng",
  "FPT Shop đóng cửa 50 cửa hàng trên toàn quốc",
  "Thế Giới Di Động đóng cửa hàng loạt cửa hàng",
  "Chuỗi cà phê The Coffee House đóng cửa nhiều cửa hàng",
  "Vinmart đóng cửa các cửa hàng thua lỗ",
].map((text) => ({ text, label: NEGATIVE, base: read(text) }));
// News about stores that nobody corrected: the shared word "cửa hàng" must not carry the closings' label to them.
const ANCHORS = [
  "Highlands khai trương cửa hàng mới tại Đà Nẵng",
  "Circle K mở thêm 20 cửa hàng",
  "Pharmacity có 1.000 cửa hàng trên toàn quốc",
  "Bách Hóa Xanh thay đổi giờ mở cửa hàng",
  "Long Châu khai trương cửa hàng thứ 1.500",
].map((text) => ({ text, base: read(text) }));

describe("an adaptation's strength chosen by cross-validation", () => {
  const { adaptation, l2 } = fitWithChosenStrength(CLOSINGS, ANCHORS);
  const adapted = adapt(read, adaptation);

  it("picks a penalty from its grid", () => {
    expect([0.3, 1, 3, 10]).toContain(l2);
  });

  it("moves the corrected texts towards their label", () => {
    for (const c of CLOSINGS) expect(adapted(c.text).scores[NEGATIVE], c.text).toBeGreaterThan(c.base.scores[NEGATIVE]);
  });

  it("moves the anchors less than the corrections", () => {
    const moved = (text: string, before: readonly number[]) => Math.abs(adapted(text).scores[NEGATIVE] - before[NEGATIVE]);
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(mean(ANCHORS.map((a) => moved(a.text, a.base.scores)))).toBeLessThan(mean(CLOSINGS.map((c) => moved(c.text, c.base.scores))));
  });
});
